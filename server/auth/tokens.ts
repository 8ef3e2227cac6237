import { createHash, randomBytes } from "node:crypto";

/** 256 random bits, URL-safe. */
export function randomToken() {
  return randomBytes(32).toString("base64url");
}

export function sha256(value: string) {
  return createHash("sha256").update(value).digest("hex");
}
