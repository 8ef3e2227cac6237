import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { importer, ownCounts } from "../../tests/fixtures/imports/import-helpers.ts";
import { type TestApp, withTestApp } from "../../tests/support/test-app.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { parseImport } from "./parse-import.ts";
import { zipUnpackedBytes } from "./read-prompt-files-import.ts";

// Small limits, so each can be met and passed by one: 20 entries, folders 4 deep (so a zip's
// paths may be 6 folders deep, room for .github/prompts or .claude/commands above them).
const limits = { promptsPerImport: 20, folderDepth: 4, versionsPerPrompt: 1000 };
let database: DatabaseHandle;
let app: TestApp;
withTestApp(
  (made) => {
    ({ database, app } = made);
  },
  { env: { IMPORT_PROMPT_LIMIT: "20", FOLDER_DEPTH_LIMIT: "4" } },
);

const person = () => importer(database.db, app);
const promptFile = (n: number) => strToU8(`---\ndescription: Prompt ${n}\n---\n\nText ${n}\n`);
const zipOf = (paths: string[]) =>
  zipSync(Object.fromEntries(paths.map((path, n) => [path, promptFile(n)])));

async function expectRefused(file: Uint8Array, status: number, message: string) {
  const me = await person();
  const result = await me.send(file, "prompts.zip");
  expect(result.status).toBe(status);
  expect(result.body.error.message).toBe(`${message}. Nothing was imported.`);
  expect(await ownCounts(database.db, me.user.id)).toEqual({ prompts: 0, folders: 0, tags: 0 });
}

describe("entries in one zip", () => {
  const paths = (count: number) => Array.from({ length: count }, (_, n) => `p${n}.prompt.md`);

  it("takes as many entries as one import takes prompts", async () => {
    const me = await person();
    const result = await me.send(zipOf(paths(20)), "prompts.zip");
    expect(result).toMatchObject({ status: 201, body: { added: 20 } });
  });

  it("refuses one more, before unpacking any", async () => {
    await expectRefused(
      zipOf(paths(21)),
      413,
      "The zip: it holds more than 20 entries (files and folders), the most one import takes",
    );
  });
});

describe("how much a zip unpacks to", () => {
  it("refuses a zip that says it unpacks to more than 25 MB (a zip bomb), before unpacking", async () => {
    const bomb = zipSync({ "bomb.prompt.md": new Uint8Array(zipUnpackedBytes + 1) }, { level: 9 });
    expect(bomb.length).toBeLessThan(100_000);
    await expectRefused(
      bomb,
      413,
      "The zip: it unpacks to more than 25 MB, the most one import takes",
    );
  });

  it("takes a zip of exactly the limit, and refuses one byte more", async () => {
    const sized = (bytes: number) =>
      zipSync({
        "a.prompt.md": strToU8(`---\ndescription: A\n---\n\n${"a".repeat(bytes - 25)}\n`),
      });
    const small = { ...limits, unzippedBytes: 1_000 };
    expect((await parseImport(sized(1_000), small)).prompts).toHaveLength(1);
    await expect(parseImport(sized(1_001), small)).rejects.toThrow(
      "The zip: it unpacks to more than 1,000 bytes, the most one import takes",
    );
  });

  it("refuses an entry that unpacks to more than the zip says, unpacking no further", async () => {
    const zip = zipSync({ "small.prompt.md": new Uint8Array(5_000_000) }, { level: 9 });
    // The table of contents claims 100 bytes; the packed data holds 5 MB.
    const directory = findSignature(zip, [0x50, 0x4b, 0x01, 0x02]);
    new DataView(zip.buffer).setUint32(directory + 24, 100, true);
    await expectRefused(
      zip,
      400,
      '"small.prompt.md": it unpacks to more or less than the zip says',
    );
  });

  it("refuses a damaged zip", async () => {
    const zip = zipOf(["a.prompt.md"]);
    await expectRefused(
      zip.subarray(0, zip.length - 30),
      400,
      "The zip: it is damaged: its table of contents is missing",
    );
  });
});

describe("paths in a zip", () => {
  it.each([
    ["../../x.prompt.md", '"../../x.prompt.md": its path climbs out of the zip (..)'],
    ["prompts/../../x.md", '"prompts/../../x.md": its path climbs out of the zip (..)'],
    ["..\\..\\x.md", '"..\\..\\x.md": its path climbs out of the zip (..)'],
    [
      "/etc/cron.d/x.md",
      '"/etc/cron.d/x.md": its path is absolute, and a zip\'s paths must stay inside it',
    ],
    ["C:/x.md", '"C:/x.md": its path is absolute, and a zip\'s paths must stay inside it'],
  ])("refuses %s", async (path, message) => {
    await expectRefused(zipOf(["fine.prompt.md", path]), 400, message);
  });

  it("takes a path 6 folders deep, the tool's two and the library's 4", async () => {
    const me = await person();
    const result = await me.send(zipOf([".github/prompts/a/b/c/d/x.prompt.md"]), "p.zip");
    expect(result).toMatchObject({ status: 201, body: { added: 1, newFolders: 4 } });
    expect((await me.library()).map((prompt) => prompt.folder)).toEqual(["a / b / c / d"]);
  });

  it("refuses a path 7 folders deep", async () => {
    await expectRefused(
      zipOf(["a/b/c/d/e/f/g/x.prompt.md"]),
      400,
      '"a/b/c/d/e/f/g/x.prompt.md": its path is 7 folders deep, and a zip\'s paths may be at most 6 deep',
    );
  });

  it("refuses a file whose folders are deeper than folders may nest, naming it", async () => {
    await expectRefused(
      zipOf(["a/b/c/d/e/x.prompt.md"]),
      400,
      "a/b/c/d/e/x.prompt.md: its folder is 5 levels deep, and folders can be nested at most 4 levels deep",
    );
  });
});

function findSignature(bytes: Uint8Array, signature: number[]) {
  for (let at = 0; at < bytes.length - signature.length; at++) {
    if (signature.every((byte, i) => bytes[at + i] === byte)) return at;
  }
  throw new Error("signature not found");
}
