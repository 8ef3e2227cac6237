import { expect, it } from "vitest";
import { formatDate } from "./dates.ts";

it("formats dates as en-US short month, day and year", () => {
  expect(formatDate("2026-11-22T10:00:00.000Z", "UTC")).toBe("Nov 22, 2026");
});

it.each([null, undefined, "", "not a date"])("shows Unknown date for %s", (value) => {
  expect(formatDate(value)).toBe("Unknown date");
});
