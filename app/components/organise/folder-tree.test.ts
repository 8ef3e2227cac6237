import { expect, it } from "vitest";
import { buildUp, flatten, folderTree } from "./folder-tree.ts";

const folder = (id: string, parentId: string | null, name = id) => ({
  id,
  parentId,
  name,
  promptCount: 0,
});

it("orders a tree parents first, each followed by its subtree, at its depth", () => {
  const tree = folderTree([
    folder("a", null),
    folder("b", null),
    folder("a1", "a"),
    folder("a1x", "a1"),
    folder("a2", "a"),
  ]);
  expect(flatten(tree).map((node) => `${node.depth}:${node.id}`)).toEqual([
    "0:a",
    "1:a1",
    "2:a1x",
    "1:a2",
    "0:b",
  ]);
  const nested = buildUp<string>(tree, (node, children) =>
    children.length ? `${node.id}(${children.join(",")})` : node.id,
  );
  expect(nested).toEqual(["a(a1(a1x),a2)", "b"]);
});

it("walks a chain 100,000 folders deep without running out of stack", () => {
  // A library made before the depth limit could hold such a chain; the sidebar once overflowed.
  const chain = Array.from({ length: 100_000 }, (_, i) =>
    folder(`f${i}`, i === 0 ? null : `f${i - 1}`),
  );
  const tree = folderTree(chain);
  const flat = flatten(tree);
  expect(flat).toHaveLength(100_000);
  expect(flat.at(-1)?.depth).toBe(99_999);
  expect(buildUp<number>(tree, (_node, children) => 1 + (children[0] ?? 0))).toEqual([100_000]);
});
