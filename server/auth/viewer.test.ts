import { describe, expect, it } from "vitest";
import { parseConfig } from "../config.ts";
import { isAdminEmail } from "./viewer.ts";

const admins =
  "kate@example.com, ines@example.com, sam@example.com, anna@example.com, ian@example.com";

function adminsFrom(list: string) {
  return parseConfig({ ADMIN_EMAILS: list }).adminEmails;
}

describe("administrator emails", () => {
  it.each([
    ["the Kelvin sign", "\u212Aate@example.com"],
    ["a dotted capital I", "\u0130nes@example.com"],
    ["a dotless i", "\u0131nes@example.com"],
    ["a dotless i in the domain", "ian@examp\u0131e.com"],
    ["a long s", "\u017Fam@example.com"],
    ["fullwidth letters", "\uFF4B\uFF41\uFF54\uFF45@example.com"],
    ["a fullwidth capital", "\uFF2Bate@example.com"],
    ["a Cyrillic a", "\u0430nna@example.com"],
    ["a combining dot", "i\u0307an@example.com"],
    ["a no-break space before", "\u00A0kate@example.com"],
    ["an ideographic space after", "kate@example.com\u3000"],
  ])("an address written with %s is not an administrator's", (_, email) => {
    expect(isAdminEmail(adminsFrom(admins), email)).toBe(false);
  });

  it.each([
    ["KATE@EXAMPLE.COM"],
    ["Kate@Example.Com"],
    ["kate@example.com"],
    ["INES@EXAMPLE.COM"],
    ["Ian@example.com"],
  ])("%s, in ASCII upper or lower case, is an administrator's", (email) => {
    expect(isAdminEmail(adminsFrom(admins), email)).toBe(true);
  });

  it.each([
    ["the Kelvin sign", "\u212Aate@example.com", "kate@example.com"],
    ["a dotted capital I", "\u0130an@example.com", "ian@example.com"],
    ["a long s", "\u017Fam@example.com", "sam@example.com"],
    ["fullwidth letters", "\uFF2B\uFF21\uFF34\uFF25@example.com", "kate@example.com"],
  ])("ADMIN_EMAILS written with %s names no one else", (_, listed, someoneElse) => {
    expect(isAdminEmail(adminsFrom(listed), someoneElse)).toBe(false);
  });

  it("ADMIN_EMAILS in ASCII upper case names the same person", () => {
    expect([...adminsFrom(" KATE@Example.COM ,Sam@example.com")]).toEqual([
      "kate@example.com",
      "sam@example.com",
    ]);
    expect(isAdminEmail(adminsFrom("KATE@EXAMPLE.COM"), "kate@example.com")).toBe(true);
  });
});
