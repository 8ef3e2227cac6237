/**
 * The API reference as Markdown, written from the OpenAPI document: docs/api.md is this text
 * (`npm run docs:api`), and /api/v1/docs shows it as HTML. Nothing here is written by hand but
 * the layout: what each route takes and answers comes from its schemas.
 */

/** The parts of JSON Schema (OpenAPI 3.1's dialect) the reference prints. */
export interface Schema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  items?: Schema;
  prefixItems?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: Schema | boolean;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  description?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
}

interface Content {
  [mediaType: string]: { schema?: Schema };
}

export interface Operation {
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { description?: string; required?: boolean; content?: Content };
  responses?: Record<string, { description?: string; content?: Content }>;
}

export type ApiDocument = {
  openapi: string;
  info: { title: string; version: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};

export const httpMethods = ["get", "put", "post", "patch", "delete"] as const;

/** The heading's anchor, as GitHub makes it (and /api/v1/docs, from the same rule). */
export function anchorOf(heading: string) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

const refName = (ref: string) => ref.slice(ref.lastIndexOf("/") + 1);

/** A schema as a TypeScript-like type: what a reader of the reference recognises at a glance. */
export function typeOf(schema: Schema | undefined, indent = ""): string {
  if (!schema) return "unknown";
  if (schema.$ref) return refName(schema.$ref);
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.map((member) => typeOf(member, indent)).join(" | ");
  if (schema.allOf) return schema.allOf.map((part) => typeOf(part, indent)).join(" & ");
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) {
    return types.map((type) => typeOf({ ...schema, type }, indent)).join(" | ");
  }
  switch (types[0]) {
    case "string":
      return schema.format === "binary" ? "bytes" : "string";
    case "boolean":
    case "null":
      return types[0];
    case "integer":
    case "number":
      return "number";
    case "array": {
      if (schema.prefixItems) {
        return `[${schema.prefixItems.map((item) => typeOf(item, indent)).join(", ")}]`;
      }
      const item = typeOf(schema.items, indent);
      return /[|&\s]/.test(item) && !item.startsWith("{") ? `(${item})[]` : `${item}[]`;
    }
    case "object":
      return objectType(schema, indent);
    default:
      return schema.properties ? objectType(schema, indent) : "unknown";
  }
}

function objectType(schema: Schema, indent: string): string {
  const properties = Object.entries(schema.properties ?? {});
  if (properties.length === 0) {
    const values = schema.additionalProperties;
    return typeof values === "object" ? `{ [key: string]: ${typeOf(values, indent)} }` : "{}";
  }
  const inner = `${indent}  `;
  const lines = properties.map(([name, property]) => {
    const optional = schema.required?.includes(name) ? "" : "?";
    const note = notesOf(property);
    return `${inner}${name}${optional}: ${typeOf(property, inner)};${note ? ` // ${note}` : ""}`;
  });
  return `{\n${lines.join("\n")}\n${indent}}`;
}

/** What a field's type does not say: its format, bounds, default and description. */
export function notesOf(schema: Schema) {
  const notes: string[] = [];
  if (schema.format) notes.push(schema.format);
  const bounds = boundsOf(schema);
  if (bounds) notes.push(bounds);
  if (schema.default !== undefined) notes.push(`default ${JSON.stringify(schema.default)}`);
  if (schema.description) notes.push(schema.description.replace(/\s+/g, " "));
  return notes.join("; ");
}

function boundsOf(schema: Schema) {
  const range = (low: number | undefined, high: number | undefined, unit: string) => {
    if (low !== undefined && high !== undefined) return `${low} to ${high}${unit}`;
    if (high !== undefined) return `at most ${high}${unit}`;
    if (low !== undefined) return `at least ${low}${unit}`;
    return "";
  };
  return (
    range(schema.minLength, schema.maxLength, " characters") ||
    range(schema.minItems, schema.maxItems, " items") ||
    range(schema.minimum, schema.maximum, "")
  );
}

/** A type for a table cell or a sentence: one line, its pipes escaped. */
function inlineType(schema: Schema | undefined) {
  return `\`${typeOf(schema)
    .replace(/\s*\n\s*/g, " ")
    .replace(/\|/g, "\\|")}\``;
}

/** A shape's name (or a list of it) links to the shape. */
function linkedType(schema: Schema | undefined) {
  const type = inlineType(schema);
  const shape = /^`(\w+)(\[\])?`$/.exec(type)?.[1];
  const named = shape && schema && (schema.$ref ?? schema.items?.$ref);
  return named ? `[${type}](#${anchorOf(shape)})` : type;
}

const cell = (text: string) => text.replace(/\s+/g, " ").replace(/\|/g, "\\|");

function parameterTable(parameters: Parameter[]) {
  const rows = parameters.map((parameter) => {
    const schema = parameter.schema ?? {};
    const notes = notesOf({ ...schema, description: parameter.description ?? schema.description });
    return `| \`${parameter.name}\` | ${parameter.in} | ${inlineType(schema)} | ${parameter.required ? "yes" : "no"} | ${cell(notes)} |`;
  });
  return [
    "| parameter | in | type | required | notes |",
    "| --- | --- | --- | --- | --- |",
    ...rows,
  ];
}

function contentLines(content: Content | undefined) {
  return Object.entries(content ?? {}).map(([mediaType, { schema }]) => {
    const type = typeOf(schema);
    if (!type.includes("\n")) return `\`${mediaType}\`: \`${type}\``;
    return `\`${mediaType}\`:\n\n\`\`\`ts\n${type}\n\`\`\``;
  });
}

function operationSection(method: string, path: string, operation: Operation) {
  const lines = [`### ${method.toUpperCase()} ${path}`, ""];
  if (operation.summary) lines.push(`**${operation.summary}.**`, "");
  if (operation.description) lines.push(operation.description, "");
  if (operation.parameters?.length) lines.push(...parameterTable(operation.parameters), "");
  const body = operation.requestBody;
  if (body) {
    const said = body.description ? ` ${body.description}` : "";
    lines.push(`Body${body.required ? "" : " (optional)"}:${said}`, "");
    for (const content of contentLines(body.content)) lines.push(content, "");
  }
  lines.push("| answer | what |", "| --- | --- |");
  for (const [status, answer] of Object.entries(operation.responses ?? {})) {
    const types = Object.entries(answer.content ?? {}).map(([mediaType, { schema }]) =>
      mediaType === "application/json" && schema?.format !== "binary"
        ? linkedType(schema)
        : `\`${mediaType}\``,
    );
    const what = [types.join(", "), cell(answer.description ?? "")].filter(Boolean).join(" ");
    lines.push(`| ${status} | ${what} |`);
  }
  lines.push("");
  return lines;
}

function shapeSection(name: string, schema: Schema) {
  const lines = [`### ${name}`, ""];
  if (schema.description) lines.push(schema.description, "");
  lines.push("```ts", typeOf({ ...schema, description: undefined }), "```", "");
  return lines;
}

/** The reference, whole: the overview, each group's routes in the order they are declared, the shapes. */
export function referenceMarkdown(document: ApiDocument) {
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    httpMethods.flatMap((method) => {
      const operation = item[method];
      return operation ? [{ path, method, operation }] : [];
    }),
  );
  const declared = (document.tags ?? []).map(({ name }) => name);
  const used = new Set(operations.map(({ operation }) => operation.tags?.[0] ?? "Other"));
  const groups = [...new Set([...declared, ...used])].filter((group) => used.has(group));
  const shapes = Object.entries(document.components?.schemas ?? {});
  const lines = [
    `# ${document.info.title}`,
    "",
    "_Made from the route schemas by `npm run docs:api`: change those, not this file._",
    "",
  ];
  if (document.info.description) lines.push(document.info.description, "");
  lines.push(
    ...groups.map((group) => `- [${group}](#${anchorOf(group)})`),
    `- [Shapes](#shapes)`,
    "",
  );
  for (const group of groups) {
    lines.push(`## ${group}`, "");
    const said = document.tags?.find(({ name }) => name === group)?.description;
    if (said) lines.push(said, "");
    for (const { path, method, operation } of operations) {
      if ((operation.tags?.[0] ?? "Other") === group) {
        lines.push(...operationSection(method, path, operation));
      }
    }
  }
  lines.push("## Shapes", "");
  for (const [name, schema] of shapes) lines.push(...shapeSection(name, schema));
  return `${lines
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trimEnd()}\n`;
}
