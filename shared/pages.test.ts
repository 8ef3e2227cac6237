import { expect, it } from "vitest";
import routes from "../app/routes.ts";
import { routePaths } from "../tests/support/route-paths.ts";
import { pagePaths, pages } from "./pages.ts";

it("the route table serves exactly the registry's pages, and the catch-all", () => {
  expect(routePaths(routes).sort()).toEqual(
    [...pages.map((page) => page.path), "/no-such-page"].sort(),
  );
});

it("declares each path once, and every signed-in page as kept per person, private or admin", () => {
  expect(new Set(pages.map((page) => page.path)).size).toBe(pages.length);
  for (const page of pages) {
    if (page.file.startsWith("routes/library/") || page.file.startsWith("routes/admin/")) {
      expect(page.access, page.path).not.toBe("public");
    }
  }
  expect(pagePaths("per-person")).toEqual(
    expect.arrayContaining(["/dashboard", "/central", "/favourites"]),
  );
});
