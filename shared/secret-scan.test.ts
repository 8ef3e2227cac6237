import { describe, expect, it } from "vitest";
import { removedMarker, scanText, withoutFindings } from "./secret-scan.ts";

/**
 * The secret scan against keys in the providers' real formats (made from a seeded generator, so
 * a failure repeats) in the places people paste them, and against look-alikes that must pass.
 */

/** mulberry32: a small seeded generator, so every run checks the same keys. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const upper = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const lower = "abcdefghijklmnopqrstuvwxyz";
const digits = "0123456789";
const alnum = upper + lower + digits;
const base64url = `${alnum}-_`;

function keyMaker(seed: number) {
  const random = generator(seed);
  const pick = (alphabet: string, length: number) =>
    Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join("");
  const one = <T>(items: T[]) => items[Math.floor(random() * items.length)] as T;
  return { pick, one, random };
}

/** Each rule's real format: how its secrets look as issued. */
const formats: Record<string, (make: ReturnType<typeof keyMaker>) => string> = {
  "aws-access-token": ({ pick, one }) => `${one(["AKIA", "ASIA"])}${pick(`${upper}234567`, 16)}`,
  "aws-secret-key": ({ pick, one }) =>
    `${one(["aws_secret_access_key = ", "AWS_SECRET_ACCESS_KEY=", 'secretAccessKey: "'])}${pick(`${alnum}/+`, 40)}`,
  "openai-api-key": ({ pick, one }) =>
    one([
      `sk-proj-${pick(base64url, 74)}T3BlbkFJ${pick(base64url, 74)}`,
      `sk-svcacct-${pick(base64url, 58)}T3BlbkFJ${pick(base64url, 58)}`,
      `sk-${pick(alnum, 20)}T3BlbkFJ${pick(alnum, 20)}`,
    ]),
  "anthropic-api-key": ({ pick }) => `sk-ant-api03-${pick(base64url, 93)}AA`,
  "github-token": ({ pick, one }) =>
    `${one(["ghp", "gho", "ghu", "ghs", "ghr"])}_${pick(alnum, 36)}`,
  "github-fine-grained-pat": ({ pick }) => `github_pat_${pick(alnum, 22)}_${pick(alnum, 59)}`,
  "gcp-api-key": ({ pick }) => `AIza${pick(base64url, 35)}`,
  "slack-token": ({ pick, one }) =>
    one([
      `xoxb-${pick(digits, 12)}-${pick(digits, 13)}-${pick(alnum, 24)}`,
      `xoxp-${pick(digits, 12)}-${pick(digits, 12)}-${pick(digits, 13)}-${pick(lower + digits, 32)}`,
      `xapp-1-A${pick(upper + digits, 10)}-${pick(digits, 13)}-${pick(lower + digits, 64)}`,
    ]),
  "slack-webhook-url": ({ pick }) =>
    `https://hooks.slack.com/services/T${pick(upper + digits, 8)}/B${pick(upper + digits, 10)}/${pick(alnum, 24)}`,
  "stripe-access-token": ({ pick, one }) =>
    `${one(["sk_live_", "rk_live_", "sk_test_"])}${pick(alnum, one([24, 99]))}`,
  "private-key": ({ pick, one }) => {
    const kind = one(["RSA PRIVATE KEY", "PRIVATE KEY", "OPENSSH PRIVATE KEY", "EC PRIVATE KEY"]);
    const lines = Array.from({ length: 6 }, () => pick(`${alnum}+/`, 64)).join("\n");
    return `-----BEGIN ${kind}-----\n${lines}\n-----END ${kind}-----`;
  },
  jwt: ({ pick }) =>
    `eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ${pick(alnum, 60)}.${pick(base64url, 43)}`,
  "generic-api-key": ({ pick, one }) =>
    `${one(['api_key = "', "API_KEY=", "client_secret: ", 'password: "'])}${pick(alnum, 32)}`,
  "password-in-url": ({ pick, one }) =>
    `${one(["postgres", "mysql", "https", "redis", "mongodb+srv"])}://${one(["admin", "app_user", "deploy"])}:${pick(alnum, 18)}@${one(["db.internal", "10.0.3.7", "cluster0.mongodb.net"])}:5432/app`,
  "email-address": ({ pick, one }) =>
    `${pick(lower, 6)}.${pick(lower, 5)}@${one(["gmail.com", "acme-corp.co.uk", "mail.uni-heidelberg.de", "outlook.com"])}`,
  "phone-number": ({ pick, one }) =>
    one([
      `+1 ${one(["212", "415", "646"])} ${pick("23456789", 1)}${pick(digits, 2)} ${pick(digits, 4)}`,
      `+44 20 ${pick(digits, 4)} ${pick(digits, 4)}`,
      `+49 30 ${pick(digits, 8)}`,
      `+33 1 ${pick(digits, 2)} ${pick(digits, 2)} ${pick(digits, 2)} ${pick(digits, 2)}`,
      `(${one(["212", "312", "617"])}) ${pick("2346789", 1)}${pick(digits, 2)}-${pick(digits, 4)}`,
    ]),
};

/** Where people paste secrets into prompts. */
const contexts = [
  (secret: string) => `Use this key: ${secret} to call the API.`,
  (secret: string) => `export TOKEN=${secret}\nnode index.js`,
  (secret: string) => `{"config": "${secret}"}`,
  (secret: string) => `\`\`\`\n${secret}\n\`\`\``,
  (secret: string) => `Contact/credentials below:\n${secret}`,
];

describe("the secret scan", () => {
  for (const [rule, format] of Object.entries(formats)) {
    it(`finds every ${rule} in its real format, wherever it is pasted (200 of each)`, () => {
      const make = keyMaker(rule.length * 7919);
      const missed: string[] = [];
      for (let i = 0; i < 200; i++) {
        const secret = format(make);
        const text = make.one(contexts)(secret);
        const findings = scanText(text);
        const hit = findings.find((finding) => finding.rule === rule);
        if (!hit) missed.push(text);
        else expect(secret).toContain(text.slice(hit.start, hit.end));
      }
      expect(missed).toEqual([]);
    });
  }

  it("lets through placeholders, documented examples and things that only look alike", () => {
    const lookAlikes = [
      "Set OPENAI_API_KEY=sk-... before you run it",
      "api_key = 'YOUR_API_KEY'",
      "Authorization: Bearer <your-token-here>",
      "password: ********",
      "password = changeme123",
      "AKIAIOSFODNN7EXAMPLE is the key id AWS documents",
      "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
      "ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
      "sk_live_xxxxxxxxxxxxxxxxxxxxxxxx",
      "Write to user@example.com or test@mail.example.org, or admin@site.test",
      "postgres://user:password@localhost:5432/db",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell placeholder, as pasted.
      "https://${USER}:${PASSWORD}@example.com/repo.git",
      "mongodb://<username>:<password>@cluster0.example.net",
      "Explain what -----BEGIN RSA PRIVATE KEY----- means in a PEM file.",
      "Upgrade from v1.2.3 to 2.10.0 on 2024-01-15 at 10:30",
      "ISBN 978-3-16-148410-0 and ISBN 0-306-40615-2",
      "Call 555-0100 or (555) 555-0199 in the script",
      "A phone number like 123-456-7890 is only a template",
      "Scores: +12 points, 3+4=7, +1 (optional)",
      "The year 2023-2024 and the range 1000-2000-3000",
      "Use @username and #hashtags; email me at name[at]domain",
      "They said the key to success is practice: repeat it daily.",
      "token: {{api_token}}",
      "Check the format (user@domain.ext) or write to you@yourcompany.com",
      "const API_KEY = process.env.MINIMAX_API_KEY;",
    ];
    for (const text of lookAlikes)
      expect({ text, found: scanText(text) }).toEqual({ text, found: [] });
  });

  it("masks what it found and says where it is", () => {
    const text = "Key AKIAZ3MSJV4WWXKPQF7Q, mail jane.doe@gmail.com";
    const found = scanText(text);
    expect(found.map((finding) => [finding.rule, text.slice(finding.start, finding.end)])).toEqual([
      ["aws-access-token", "AKIAZ3MSJV4WWXKPQF7Q"],
      ["email-address", "jane.doe@gmail.com"],
    ]);
    for (const finding of found) {
      expect(finding.excerpt).toContain("•••");
      expect(finding.excerpt.length).toBeLessThan(text.slice(finding.start, finding.end).length);
    }
    expect(withoutFindings(text, found)).toBe(`Key ${removedMarker}, mail ${removedMarker}`);
  });

  it("reports a private key pasted without its footer, to the end of the text", () => {
    const body = "MIIEowIBAAKCAQEA".padEnd(200, "q1W2e3R4t5Y6");
    const text = `Debug this:\n-----BEGIN RSA PRIVATE KEY-----\n${body}`;
    const [finding] = scanText(text);
    expect(finding?.rule).toBe("private-key");
    expect(finding?.end).toBe(text.length);
  });

  it("keeps one finding where rules overlap", () => {
    const text = "postgres://admin:S3cr3tPassw0rd99@db.internal/app and admin@gmail.com";
    expect(scanText(text).map((finding) => finding.rule)).toEqual([
      "password-in-url",
      "email-address",
    ]);
  });

  // Whether each pattern runs in time linear in its input is measured, in CPU time and as growth
  // from 50 KB to 1 MB, by server/security/linear-parsers.test.ts; here each hostile text is
  // scanned whole, and the times are reported.
  it("scans 20,000 characters of hostile input to the end", async ({ annotate }) => {
    const hostile = [
      "a".repeat(20_000),
      "a@".repeat(10_000),
      "a.".repeat(10_000),
      "ey".repeat(10_000),
      "+1 ".repeat(6_667),
      "x://a:".repeat(3_334),
      "-----BEGIN PRIVATE KEY-----".repeat(740),
      "api_key=".repeat(2_500),
      `${"a".repeat(64)}@`.repeat(300),
      "1-".repeat(10_000),
    ];
    const timings: string[] = [];
    for (const text of hostile) {
      const began = performance.now();
      const findings = scanText(text);
      timings.push(`${text.slice(0, 8)}…: ${Math.round(performance.now() - began)} ms`);
      for (const finding of findings) {
        expect(finding.start).toBeLessThan(finding.end);
        expect(finding.end).toBeLessThanOrEqual(text.length);
      }
    }
    await annotate(`scanned in ${timings.join(", ")}`, "timing");
  });
});
