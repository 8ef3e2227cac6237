import { type Hook, OpenAPIHono, type RouteConfig, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { ErrorCode } from "../../errors.ts";
import { invalidInput, parseInput } from "../../validation.ts";
import type { AppEnv } from "../app-env.ts";
import { statusFor } from "../errors.ts";
import { readJson } from "./read-json.ts";
import { errorBody } from "./shapes.ts";

/**
 * A query, params or body the route's schemas turn down is invalid_input, as every API refusal
 * is: thrown, so the app's one error handler answers it (server/http/errors.ts). A path
 * parameter's refusal is not named after the parameter, as before the schemas were declared.
 */
const refuseInvalid: Hook<unknown, AppEnv, string, undefined> = (result) => {
  if (!result.success) throw invalidInput(result.error, result.target === "param" ? 1 : 0);
};

/**
 * A router for part of /api/v1. Every route is declared with createRoute(): what it takes and
 * what it answers, as schemas. The same schemas check each request and make the OpenAPI
 * document (/api/v1/openapi.json, docs/api.md), so the reference cannot drift from the code.
 */
export function apiRouter() {
  return new OpenAPIHono<AppEnv>({ defaultHook: refuseInvalid });
}

/**
 * A query as the API reads it: a parameter given twice counts once, its first value, except
 * those named in `lists` (`?tag=a&tag=b`), which are always lists, empty when absent.
 */
export function queryOf<T extends z.ZodType>(schema: T, lists: readonly string[] = []) {
  const asAsked = z.transform((value: unknown): unknown => {
    const asked = (value ?? {}) as Record<string, unknown>;
    const query: Record<string, unknown> = {};
    for (const [name, given] of Object.entries(asked)) {
      query[name] = lists.includes(name) || !Array.isArray(given) ? given : given[0];
    }
    for (const name of lists) query[name] = query[name] === undefined ? [] : [query[name]].flat();
    return query;
  });
  return z.pipe(asAsked, schema);
}

/**
 * A JSON body, read as the API always has: whatever its Content-Type says (`curl -d` sends a
 * form's), a body that is not JSON is invalid_input `body_not_json`, and one the schema turns
 * down is invalid_input as a query is. (The library's own body check would answer another
 * Content-Type with 415, and JSON it cannot read outside our error shape.) `read` goes in the
 * route's `middleware` and hands the handler `c.get("body")`; `request` is what the document
 * says of it, from the same schema.
 */
export function jsonBody<T>(schema: z.ZodType<T>, description: string) {
  const read: MiddlewareHandler<{ Variables: { body: T } }> = async (c, next) => {
    c.set("body", parseInput(schema, await readJson(c)));
    await next();
  };
  return {
    read,
    request: {
      description,
      required: true,
      content: { "application/json": { schema: inputSchema(schema) } },
    },
  };
}

type Content = NonNullable<NonNullable<RouteConfig["request"]>["body"]>["content"][string];
type SchemaObject = Exclude<Extract<Content, { schema?: unknown }>["schema"], z.ZodType>;

/** What a schema takes, as JSON Schema (what OpenAPI 3.1 speaks, its schema objects). */
function inputSchema(schema: z.ZodType): SchemaObject {
  const {
    $schema: _,
    "~standard": __,
    ...described
  } = z.toJSONSchema(schema, {
    io: "input",
    unrepresentable: "any",
  });
  return described as SchemaObject;
}

/** A JSON answer. */
export function jsonAnswer<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { "application/json": { schema } } };
}

const errorAnswer = jsonAnswer(errorBody, "");

/**
 * The refusals a route may answer, each `{ error: { code, detail?, message } }` with the status
 * its code has. They are thrown (AppError), never returned by a handler, so they are left out of
 * the handler's type: it is held to its success answers alone.
 */
export function refusals(reasons: Partial<Record<ErrorCode, string>>): Record<never, never> {
  const answers: Record<number, typeof errorAnswer> = {};
  for (const [code, why] of Object.entries(reasons) as [ErrorCode, string][]) {
    const status = statusFor[code];
    const said = answers[status]?.description;
    answers[status] = {
      ...errorAnswer,
      description: said ? `${said} ${why}` : `\`${code}\`: ${why}`,
    };
  }
  return answers;
}
