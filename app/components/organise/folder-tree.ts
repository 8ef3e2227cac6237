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
  // Level by level, without recursion, however deep the tree.
  const queue = [...roots];
  for (let next = 0; next < queue.length; next++) {
    const node = queue[next];
    if (!node) continue;
    for (const child of node.children) {
      child.depth = node.depth + 1;
      queue.push(child);
    }
  }
  return roots;
}

/** Every node, parents before children and each followed by its subtree, for indented lists. */
export function flatten(tree: FolderNode[]): FolderNode[] {
  const out: FolderNode[] = [];
  const stack = [...tree].reverse();
  for (let node = stack.pop(); node; node = stack.pop()) {
    out.push(node);
    for (let i = node.children.length - 1; i >= 0; i--) {
      const child = node.children[i];
      if (child) stack.push(child);
    }
  }
  return out;
}

/**
 * Builds something for each node from what was built for its children (a row holding its
 * subtree, say), deepest first, without recursion. Returns what was built for the top level.
 */
export function buildUp<T>(tree: FolderNode[], build: (node: FolderNode, children: T[]) => T): T[] {
  const order = flatten(tree);
  const built = new Map<string, T>();
  for (let i = order.length - 1; i >= 0; i--) {
    const node = order[i];
    if (!node) continue;
    const children = node.children.flatMap((child) => {
      const done = built.get(child.id);
      return done === undefined ? [] : [done];
    });
    built.set(node.id, build(node, children));
  }
  return tree.flatMap((node) => {
    const done = built.get(node.id);
    return done === undefined ? [] : [done];
  });
}
