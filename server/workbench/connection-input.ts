import { isIP } from "node:net";
import { z } from "zod";
import {
  connectionKeyMaxLength,
  connectionKinds,
  connectionNameMaxLength,
  connectionUrlMaxLength,
  modelNameMaxLength,
} from "../../shared/workbench.ts";
import { AppError } from "../errors.ts";
import { storableText } from "../validation.ts";
import { addressRefusal, type PrivateAddresses } from "./address-policy.ts";

const name = storableText()
  .trim()
  .min(1, "Please give the connection a name")
  .max(connectionNameMaxLength, `A name is at most ${connectionNameMaxLength} characters`);

/** An http(s) address without credentials or fragment, kept without its trailing slash. */
const baseUrl = z
  .string()
  .trim()
  .max(connectionUrlMaxLength, `An address is at most ${connectionUrlMaxLength} characters`)
  .refine((value) => URL.canParse(value), "must be a web address such as https://api.openai.com/v1")
  .transform((value) => new URL(value))
  .refine(
    (url) => url.protocol === "http:" || url.protocol === "https:",
    "must start with http:// or https://",
  )
  .refine((url) => !url.username && !url.password, "must not hold a user name or password")
  .refine((url) => !url.hash && !url.search, "must not hold a query or a fragment")
  .transform((url) => url.href.replace(/\/+$/, ""));

// Sent in a header: printable ASCII only, so a key cannot add a header of its own.
const apiKey = z
  .string()
  .trim()
  .min(1, "An API key cannot be empty")
  .max(connectionKeyMaxLength, `An API key is at most ${connectionKeyMaxLength} characters`)
  .regex(/^[\x21-\x7e]+$/, "An API key holds no spaces or other special characters");

const model = storableText()
  .trim()
  .min(1)
  .max(modelNameMaxLength, `A model name is at most ${modelNameMaxLength} characters`);

export const newConnectionInput = z.object({
  name,
  kind: z.enum(connectionKinds),
  baseUrl,
  apiKey: apiKey.optional(),
  defaultModel: model.optional(),
  /** A team's connection, which its owners add; without, the person's own. */
  teamId: z.string().max(36).optional(),
});

/** A change: what is given changes; a null key or default model removes it. */
export const connectionChangeInput = z.object({
  name: name.optional(),
  kind: z.enum(connectionKinds).optional(),
  baseUrl: baseUrl.optional(),
  apiKey: apiKey.nullable().optional(),
  defaultModel: model.nullable().optional(),
});

/**
 * An address written as an IP the server would refuse to call is refused as it is saved; a host
 * name is checked on every call, by what it resolves to then (guarded-fetch.ts).
 */
export function assertCallableAddress(url: string, policy: PrivateAddresses) {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  if (!isIP(host)) return;
  const refusal = addressRefusal(host, policy);
  if (refusal) {
    throw new AppError(
      "invalid_input",
      `PromptShelf does not call ${refusal}. A self-hoster can allow it with CONNECTIONS_PRIVATE_ADDRESSES.`,
      "connection_address_refused",
    );
  }
}
