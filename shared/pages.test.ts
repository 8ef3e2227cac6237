import { expect, it } from "vitest";
import routes from "../app/routes.ts";
import { routePaths } from "../tests/support/route-paths.ts";
import { pagePaths, pages } from "./pages.ts";

it("the route table serves exactly the registry's pages, and the catch-all", () => {
  // Every declared path, those with a parameter (/u/:handle) too, which pagePaths leaves out.
  const declared = pages.map((page) => page.path);
  expect(routePaths(routes).sort()).toEqual([...declared, "/no-such-page"].sort());
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
