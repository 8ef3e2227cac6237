import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config.ts";

describe("parseConfig", () => {
  it("fills in defaults for an empty environment", () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      mode: "production",
      port: 3000,
      publicOrigin: "http://localhost:3000",
      database: { driver: "pglite", dataDir: "./data" },
      bodyLimit: 1_048_576,
    });
  });

  it("treats empty strings as unset", () => {
    expect(parseConfig({ PORT: "", DATABASE_URL: "" })).toMatchObject({
      port: 3000,
      database: { driver: "pglite" },
    });
  });

  it("uses PostgreSQL when DATABASE_URL is set", () => {
    const config = parseConfig({ DATABASE_URL: "postgres://u@127.0.0.1:5432/app" });
    expect(config.database).toEqual({
      driver: "postgres",
      url: "postgres://u@127.0.0.1:5432/app",
      preparedStatements: true,
    });
  });

  it("goes to the database itself for one session when DATABASE_URL is a pooler's", () => {
    const config = parseConfig({
      DATABASE_URL: "postgres://u@127.0.0.1:6432/app",
      DIRECT_DATABASE_URL: "postgres://u@127.0.0.1:5432/app",
      DATABASE_PREPARED_STATEMENTS: "off",
    });
    expect(config.database).toEqual({
      driver: "postgres",
      url: "postgres://u@127.0.0.1:6432/app",
      directUrl: "postgres://u@127.0.0.1:5432/app",
      preparedStatements: false,
    });
  });

  it.each([
    ["PORT", "eighty"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://localhost/app"],
    ["DIRECT_DATABASE_URL", "https://localhost/app"],
    ["DATABASE_PREPARED_STATEMENTS", "maybe"],
    ["PUBLIC_URL", "not a url"],
    ["LOG_LEVEL", "loud"],
    ["BODY_LIMIT", "-1"],
    ["MEMORY_BUDGET_MB", "0"],
    ["MEMORY_BUDGET_MB", "plenty"],
  ])("rejects %s=%s with a message naming the variable", (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ [name]: value })).toThrow(
      new RegExp(`^Invalid environment:\\n\\s+${name}:`),
    );
  });

  it("reads MEMORY_BUDGET_MB as the bytes every kept answer together may take", () => {
    expect(parseConfig({ MEMORY_BUDGET_MB: "48" }).memoryBudgetBytes).toBe(48 * 1024 * 1024);
    // Unset, the kept answers use their own default (server/cache/memory-budget.ts).
    expect(parseConfig({}).memoryBudgetBytes).toBeUndefined();
  });

  it("signs in through the development provider when Google is not configured", () => {
    const config = parseConfig({ PORT: "4000" });
    expect(config.signIn).toMatchObject({
      provider: "development",
      issuer: "http://localhost:4000/dev-idp",
      redirectUri: "http://localhost:4000/auth/callback",
    });
    expect(config.host).toBe("127.0.0.1");
    expect([...config.adminEmails]).toEqual(["admin@example.com"]);
  });

  it("refuses development sign-in on an address other than loopback", () => {
    expect(() => parseConfig({ PUBLIC_URL: "https://promptshelf.example" })).toThrow(
      /PUBLIC_URL: development sign-in .* only runs when PUBLIC_URL is a loopback address/,
    );
  });

  it("refuses development sign-in listening beyond this machine, whatever PUBLIC_URL says", () => {
    expect(() => parseConfig({ HOST: "0.0.0.0" })).toThrow(/HOST: development sign-in/);
    expect(parseConfig({ HOST: "127.0.0.1" }).host).toBe("127.0.0.1");
    expect(parseConfig({ HOST: "::1" }).host).toBe("::1");
  });

  it("uses Google when its client is configured, with admins from ADMIN_EMAILS", () => {
    const config = parseConfig({
      PUBLIC_URL: "https://promptshelf.example",
      GOOGLE_CLIENT_ID: "id",
      GOOGLE_CLIENT_SECRET: "secret",
      ADMIN_EMAILS: " Boss@Example.com, ,ops@example.com ",
    });
    expect(config.signIn).toMatchObject({
      provider: "google",
      issuer: "https://accounts.google.com/",
      redirectUri: "https://promptshelf.example/auth/callback",
      allowHttp: false,
    });
    expect(config.host).toBe("0.0.0.0");
    expect([...config.adminEmails]).toEqual(["boss@example.com", "ops@example.com"]);
  });

  it("names the missing half of the Google client", () => {
    expect(() => parseConfig({ GOOGLE_CLIENT_ID: "id" })).toThrow(/GOOGLE_CLIENT_SECRET: required/);
  });
});
