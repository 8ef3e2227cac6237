import type { Folder } from "./library-context.tsx";

export interface FolderNode extends Folder {
  depth: number;
  children: FolderNode[];
}

/** The flat folder list as a tree, each level in name order. */
export function folderTree(folders: Folder[]): FolderNode[] {
  const nodes = new Map(
    folders.map((folder) => [folder.id, { ...folder, depth: 0, children: [] as FolderNode[] }]),
  );
  const roots: FolderNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const setDepth = (list: FolderNode[], depth: number) => {
    for (const node of list) {
      node.depth = depth;
      setDepth(node.children, depth + 1);
    }
  };
  setDepth(roots, 0);
  return roots;
}

/** Every node, parents before children, for indented lists. */
export function flatten(tree: FolderNode[]): FolderNode[] {
  return tree.flatMap((node) => [node, ...flatten(node.children)]);
}
