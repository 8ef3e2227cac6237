import { expect, it } from "vitest";
import { folderPaths } from "./export-library.ts";

it("builds each folder's path from its parent's, however deep, and ends a loop", () => {
  const chain = Array.from({ length: 40_000 }, (_, i) => ({
    id: `f${i}`,
    name: `f${i}`,
    parentId: i === 0 ? null : `f${i - 1}`,
  }));
  // Children before parents, the worst order for a walk up.
  const paths = folderPaths([...chain].reverse());
  expect(paths.get("f2")).toBe("f0 / f1 / f2");
  expect(paths.get("f39999")?.split(" / ")).toHaveLength(40_000);
  const loop = folderPaths([
    { id: "a", name: "A", parentId: "b" },
    { id: "b", name: "B", parentId: "a" },
  ]);
  expect([...loop.values()].sort()).toEqual(["B", "B / A"]);
});
