import { afterEach, expect, vi } from "vitest";

// An unexpected console.error is a failure: it usually means a warning React or a library raised.
const consoleError = vi.spyOn(console, "error");

afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockClear();
  expect(calls, "console.error was called").toEqual([]);
});
