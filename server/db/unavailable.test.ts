import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./unavailable.ts";

const withCode = (code: string, message = "failed") => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it("recognises refused, reset and shut-down connections, also when wrapped", () => {
    expect(isDatabaseUnavailable(withCode("ECONNREFUSED"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("57P01", "terminating connection"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("08006"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    const wrapped = new Error("Failed query: select 1", { cause: withCode("ECONNRESET") });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });

  it("leaves query errors and other failures alone", () => {
    expect(isDatabaseUnavailable(withCode("23505", "duplicate key"))).toBe(false);
    expect(isDatabaseUnavailable(withCode("42P01", "relation does not exist"))).toBe(false);
    expect(isDatabaseUnavailable(new Error("Failed query", { cause: new TypeError("x") }))).toBe(
      false,
    );
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
