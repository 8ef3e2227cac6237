import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { type Config, ConfigError } from "../config.ts";

/**
 * What seals connections' API keys at rest: AES-256-GCM under a key derived from
 * CONNECTION_SECRET. `id` names the secret (a hash of the derived key, not the key), stored
 * beside each sealed key, so a key sealed under another secret (a backup restored elsewhere) is
 * known for what it is: absent, to be entered again, never a decryption error.
 */
export interface ConnectionSecret {
  id: string;
  seal(plain: string): string;
  /** The key, or null when it was sealed under another secret or has been tampered with. */
  open(sealed: string, id: string): string | null;
}

export function connectionSecretFrom(secret: string): ConnectionSecret {
  const key = Buffer.from(hkdfSync("sha256", secret, "promptshelf", "model connection keys", 32));
  const id = createHash("sha256").update(key).digest("base64url").slice(0, 16);
  return {
    id,
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const text = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return [iv, cipher.getAuthTag(), text].map((part) => part.toString("base64url")).join(".");
    },
    open(sealed, sealedId) {
      if (sealedId !== id) return null;
      const [iv, tag, text] = sealed.split(".").map((part) => Buffer.from(part, "base64url"));
      if (!iv || !tag || !text) return null;
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, iv);
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(text), decipher.final()]).toString("utf8");
      } catch {
        return null;
      }
    },
  };
}

/** The file the embedded database's secret is kept in, beside its data. */
export const secretFileName = "connection-secret";

/**
 * The secret this server seals keys with: CONNECTION_SECRET when set; on the embedded database,
 * one generated into the data directory on first start; on PostgreSQL, where several instances
 * must share one, CONNECTION_SECRET is required.
 */
export async function loadConnectionSecret(config: Config): Promise<ConnectionSecret> {
  if (config.workbench.secret) return connectionSecretFrom(config.workbench.secret);
  if (config.database.driver === "postgres") {
    throw new ConfigError(
      "Invalid environment:\n  CONNECTION_SECRET: required with DATABASE_URL, so every instance seals and opens model connections' API keys alike. Set it to a long random value (for example `openssl rand -base64 32`), the same on each instance.",
    );
  }
  const file = join(config.database.dataDir, secretFileName);
  const made = randomBytes(32).toString("base64url");
  try {
    // Created only if absent, so two first starts cannot each write their own.
    await writeFile(file, `${made}\n`, { flag: "wx", mode: 0o600 });
    return connectionSecretFrom(made);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return connectionSecretFrom((await readFile(file, "utf8")).trim());
  }
}
