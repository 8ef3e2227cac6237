import { randomBytes } from "node:crypto";
import { z } from "zod";
import { asciiLowerCase } from "./auth/viewer.ts";
import { readPrivateAddresses } from "./workbench/address-policy.ts";

const emptyAsUndefined = (value: unknown) => (value === "" ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(emptyAsUndefined, schema.optional());
const withDefault = <T extends z.ZodType>(schema: T, fallback: z.input<T>) =>
  z.preprocess(emptyAsUndefined, schema.default(fallback as never));

const environmentSchema = z.object({
  NODE_ENV: withDefault(z.enum(["development", "production", "test"]), "production"),
  PORT: withDefault(z.coerce.number().int().min(0).max(65535), 3000),
  HOST: optional(z.string()),
  PUBLIC_URL: optional(z.url({ protocol: /^https?$/ })),
  DATABASE_URL: optional(z.url({ protocol: /^postgres(ql)?$/ })),
  DIRECT_DATABASE_URL: optional(z.url({ protocol: /^postgres(ql)?$/ })),
  DATABASE_PREPARED_STATEMENTS: withDefault(z.enum(["on", "off"]), "on"),
  DATA_DIR: withDefault(z.string(), "./data"),
  LOG_LEVEL: withDefault(
    z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]),
    "info",
  ),
  BODY_LIMIT: withDefault(z.coerce.number().int().positive(), 1_048_576),
  IMPORT_LIMIT: withDefault(z.coerce.number().int().positive(), 26_214_400),
  IMPORT_PROMPT_LIMIT: withDefault(z.coerce.number().int().positive(), 20_000),
  PROMPT_LIMIT: withDefault(z.coerce.number().int().positive(), 50_000),
  LIBRARY_SIZE_LIMIT: withDefault(z.coerce.number().int().positive(), 268_435_456),
  FOLDER_LIMIT: withDefault(z.coerce.number().int().positive(), 2_000),
  FOLDER_DEPTH_LIMIT: withDefault(z.coerce.number().int().min(1).max(256), 32),
  TAG_LIMIT: withDefault(z.coerce.number().int().positive(), 5_000),
  TOKEN_LIMIT: withDefault(z.coerce.number().int().positive(), 50),
  TEAMS_PER_PERSON: withDefault(z.coerce.number().int().positive(), 50),
  TEAM_MEMBERS_LIMIT: withDefault(z.coerce.number().int().positive(), 500),
  VERSION_LIMIT: withDefault(z.coerce.number().int().min(2), 1_000),
  HISTORY_SIZE_LIMIT: withDefault(z.coerce.number().int().positive(), 4_194_304),
  EVENT_STREAMS_PER_PERSON: withDefault(z.coerce.number().int().positive(), 10),
  EVENT_STREAMS_PER_ADDRESS: withDefault(z.coerce.number().int().positive(), 50),
  ANSWER_MEMORY: withDefault(z.enum(["on", "off"]), "on"),
  MEMORY_BUDGET_MB: optional(z.coerce.number().int().min(1).max(65_536)),
  STATEMENT_TIMEOUT_MS: withDefault(z.coerce.number().int().min(100), 10_000),
  SHUTDOWN_DELAY_MS: withDefault(z.coerce.number().int().min(0).max(8000), 0),
  GOOGLE_CLIENT_ID: optional(z.string()),
  GOOGLE_CLIENT_SECRET: optional(z.string()),
  OIDC_ISSUER: withDefault(z.url({ protocol: /^https?$/ }), "https://accounts.google.com"),
  ADMIN_EMAILS: optional(z.string()),
  SESSION_IDLE_DAYS: withDefault(z.coerce.number().positive(), 30),
  SESSION_ABSOLUTE_DAYS: withDefault(z.coerce.number().positive(), 90),
  RATE_LIMIT_SIGN_IN: withDefault(z.coerce.number().int().positive(), 20),
  RATE_LIMIT_WRITES: withDefault(z.coerce.number().int().positive(), 120),
  RATE_LIMIT_TOKEN: withDefault(z.coerce.number().int().positive(), 600),
  TRUST_PROXY: withDefault(
    z.union([
      z.enum(["true", "false"]).transform((value) => (value === "true" ? 1 : 0)),
      z.coerce.number().int().min(0).max(10),
    ]),
    "0",
  ),
  SUPPORT_EMAIL: withDefault(z.email(), "support@promptshelf.example"),
  LEGAL_EMAIL: withDefault(z.email(), "legal@promptshelf.example"),
  VIDEO_CHANNEL_URL: withDefault(
    z.url({ protocol: /^https?$/ }),
    "https://www.youtube.com/@promptshelf",
  ),
  CONNECTION_SECRET: optional(z.string().min(16, "must be at least 16 characters")),
  CONNECTIONS_PRIVATE_ADDRESSES: withDefault(
    z.string().refine((value) => readPrivateAddresses(value) !== null, {
      message: "must be refuse, allow, or a comma-separated list of IP addresses and CIDR ranges",
    }),
    "refuse",
  ),
  RUN_TIMEOUT_S: withDefault(z.coerce.number().int().min(1).max(3600), 120),
  RUN_RESPONSE_LIMIT: withDefault(z.coerce.number().int().min(1024), 16_777_216),
  RUNS_PER_PERSON: withDefault(z.coerce.number().int().positive(), 4),
  RUNS_KEPT_PER_PROMPT: withDefault(z.coerce.number().int().min(1), 100),
});

export type Config = ReturnType<typeof parseConfig>;

export class ConfigError extends Error {}

/** Whether visitors reach PromptShelf over HTTPS: cookies are then secure and host-only. */
export function servesHttps(config: Pick<Config, "publicOrigin">) {
  return config.publicOrigin.startsWith("https:");
}

/** Parses the environment once at start; any bad value names its variable. */
export function parseConfig(environment: Record<string, string | undefined>) {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join(".")}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid environment:\n  ${problems.join("\n  ")}`);
  }
  const env = parsed.data;
  const publicUrl = new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`);
  const signIn = signInSettings(env, publicUrl);
  return {
    mode: env.NODE_ENV,
    port: env.PORT,
    // The development provider signs anyone in as anyone: keep it off the network.
    host: env.HOST ?? (signIn.provider === "development" ? "127.0.0.1" : "0.0.0.0"),
    publicOrigin: publicUrl.origin,
    /**
     * DATABASE_URL may lead through a connection pooler (docs/decisions/0021): DIRECT_DATABASE_URL
     * is then the database itself, for migrations and live updates, and DATABASE_PREPARED_STATEMENTS
     * off when the pooler cannot keep prepared statements.
     */
    database: env.DATABASE_URL
      ? ({
          driver: "postgres",
          url: env.DATABASE_URL,
          directUrl: env.DIRECT_DATABASE_URL,
          preparedStatements: env.DATABASE_PREPARED_STATEMENTS === "on",
        } as const)
      : ({ driver: "pglite", dataDir: env.DATA_DIR } as const),
    logLevel: env.LOG_LEVEL,
    bodyLimit: env.BODY_LIMIT,
    importLimit: env.IMPORT_LIMIT,
    /** What one person may keep and send; a real library never meets these (docs/operations.md). */
    limits: {
      promptsPerImport: env.IMPORT_PROMPT_LIMIT,
      promptsPerPerson: env.PROMPT_LIMIT,
      libraryBytesPerPerson: env.LIBRARY_SIZE_LIMIT,
      foldersPerPerson: env.FOLDER_LIMIT,
      folderDepth: env.FOLDER_DEPTH_LIMIT,
      tagsPerPerson: env.TAG_LIMIT,
      tokensPerPerson: env.TOKEN_LIMIT,
      teamsPerPerson: env.TEAMS_PER_PERSON,
      membersPerTeam: env.TEAM_MEMBERS_LIMIT,
      versionsPerPrompt: env.VERSION_LIMIT,
      historyBytesPerPrompt: env.HISTORY_SIZE_LIMIT,
      eventStreamsPerPerson: env.EVENT_STREAMS_PER_PERSON,
      eventStreamsPerAddress: env.EVENT_STREAMS_PER_ADDRESS,
    },
    /**
     * Whether pages and lists are served again from memory while nothing they show has changed
     * (decisions 0005 and 0008); off, every request renders, as the bench's cold column measures.
     */
    answerMemory: env.ANSWER_MEMORY === "on",
    /**
     * How many bytes every kept answer together may take (pages, lists, searches, palette
     * libraries, social images, sessions and tokens), each kind its fixed share; unset, the
     * default in server/cache/memory-budget.ts (decision 0009).
     */
    memoryBudgetBytes:
      env.MEMORY_BUDGET_MB === undefined ? undefined : env.MEMORY_BUDGET_MB * 1024 * 1024,
    /** No statement may hold a database connection longer than this. */
    statementTimeoutMs: env.STATEMENT_TIMEOUT_MS,
    /** After SIGTERM, how long readiness says 503 before new connections are refused. */
    shutdownDelayMs: env.SHUTDOWN_DELAY_MS,
    signIn,
    adminEmails: new Set(
      (env.ADMIN_EMAILS ?? (signIn.provider === "development" ? "admin@example.com" : ""))
        .split(",")
        .map((email) => asciiLowerCase(email.trim()))
        .filter(Boolean),
    ),
    session: {
      idleMs: env.SESSION_IDLE_DAYS * dayMs,
      absoluteMs: env.SESSION_ABSOLUTE_DAYS * dayMs,
    },
    rateLimits: {
      signInPerMinute: env.RATE_LIMIT_SIGN_IN,
      writesPerMinute: env.RATE_LIMIT_WRITES,
      tokenRequestsPerMinute: env.RATE_LIMIT_TOKEN,
    },
    /** How many proxies in front of the app to believe in X-Forwarded-For; 0 believes none. */
    trustedProxies: env.TRUST_PROXY,
    /** Model connections and runs (server/workbench/). */
    workbench: {
      /** Seals connections' API keys; unset, the embedded database keeps one in DATA_DIR. */
      secret: env.CONNECTION_SECRET,
      privateAddresses: readPrivateAddresses(env.CONNECTIONS_PRIVATE_ADDRESSES) ?? {
        kind: "refuse" as const,
      },
      runTimeoutMs: env.RUN_TIMEOUT_S * 1000,
      /** Most bytes one answer from a model service may take, streamed or not. */
      responseLimit: env.RUN_RESPONSE_LIMIT,
      runsPerPerson: env.RUNS_PER_PERSON,
      runsKeptPerPrompt: env.RUNS_KEPT_PER_PROMPT,
    },
    contact: {
      supportEmail: env.SUPPORT_EMAIL,
      legalEmail: env.LEGAL_EMAIL,
      videoChannelUrl: env.VIDEO_CHANNEL_URL,
    },
  };
}

const dayMs = 24 * 60 * 60 * 1000;

type Environment = z.infer<typeof environmentSchema>;

/**
 * Google when its client is configured; otherwise the development identity provider, which is
 * refused unless the site is only reachable on this machine.
 */
function signInSettings(env: Environment, publicUrl: URL) {
  const redirectUri = new URL("/auth/callback", publicUrl).href;
  if (env.GOOGLE_CLIENT_ID || env.GOOGLE_CLIENT_SECRET) {
    if (!env.GOOGLE_CLIENT_ID || !env.GOOGLE_CLIENT_SECRET) {
      const missing = env.GOOGLE_CLIENT_ID ? "GOOGLE_CLIENT_SECRET" : "GOOGLE_CLIENT_ID";
      throw new ConfigError(
        `Invalid environment:\n  ${missing}: required when the other Google variable is set`,
      );
    }
    const issuer = new URL(env.OIDC_ISSUER);
    return {
      provider: "google" as const,
      issuer: issuer.href,
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
      redirectUri,
      allowHttp: issuer.protocol === "http:" && isLoopback(issuer),
    };
  }
  if (!isLoopback(publicUrl)) {
    throw new ConfigError(
      "Invalid environment:\n  PUBLIC_URL: development sign-in (on because GOOGLE_CLIENT_ID and " +
        "GOOGLE_CLIENT_SECRET are not set) lets anyone sign in as anyone, so it only runs when " +
        `PUBLIC_URL is a loopback address such as http://localhost:3000, not ${publicUrl.origin}. ` +
        "Configure Google sign-in to serve the site on the network.",
    );
  }
  if (env.HOST && !isLoopbackHost(env.HOST)) {
    throw new ConfigError(
      `Invalid environment:\n  HOST: development sign-in lets anyone sign in as anyone, so it only listens on this machine, not on ${env.HOST}. ` +
        "Configure Google sign-in to serve the site on the network.",
    );
  }
  return {
    provider: "development" as const,
    issuer: new URL("/dev-idp", publicUrl).href,
    clientId: "promptshelf-development",
    clientSecret: randomBytes(32).toString("base64url"),
    redirectUri,
    allowHttp: true,
  };
}

function isLoopback(url: URL) {
  return isLoopbackHost(url.hostname);
}

function isLoopbackHost(host: string) {
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    host === "[::1]" ||
    host === "::1" ||
    /^127\.\d+\.\d+\.\d+$/.test(host)
  );
}
