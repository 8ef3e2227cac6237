import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, it } from "vitest";
import { parseConfig } from "./config.ts";
import { projectRoot } from "./project-root.ts";

it("docs/operations.md lists every environment variable the server reads", async () => {
  const asked = new Set<string>();
  // The configuration reads each variable it knows from the environment it is given.
  const environment = new Proxy<Record<string, string | undefined>>(
    {},
    {
      get(_, name) {
        if (typeof name === "string") asked.add(name);
        return undefined;
      },
    },
  );
  parseConfig(environment);
  const variables = [...asked].filter((name) => /^[A-Z][A-Z0-9_]+$/.test(name));
  expect(variables).toContain("DATABASE_URL");
  const documented = await readFile(join(projectRoot, "docs/operations.md"), "utf8");
  const missing = variables.filter((name) => !documented.includes(`| \`${name}\` |`));
  expect(missing, "variables missing from the Configuration table").toEqual([]);
});
