/**
 * What the API reference says before its routes (the OpenAPI document's description) and of each
 * group of routes. Markdown, as OpenAPI descriptions are.
 */
export const apiOverview = `JSON under \`/api/v1\`, the same operations the pages use. This reference is made from the
routes' own schemas: \`/api/v1/openapi.json\` is the OpenAPI 3.1 document, \`/api/v1/docs\` this
page, and docs/api.md the same text in the repository (\`npm run docs:api\` writes it; a test fails
while it is out of date).

**Signing in.** A browser is signed in by the session cookie; its writes must come from
PromptShelf's own pages (their \`Origin\`), else 403. A script sends an access token instead,
\`Authorization: Bearer ps_…\` (Settings → Access tokens; see docs/ai-clients.md): the same
authorization as the session, with the cookie ignored. An unknown, revoked or expired token is 401
at once on every instance; a read token's writes are 403 \`token_read_only\`; tokens cannot
list, create or revoke tokens, or delete the account (403 \`session_required\`). A write without
a session or token is 401 before any query. Every answer is sent with \`Cache-Control: no-store\`.

**Errors.** Every refusal is \`{ "error": { "code", "detail"?, "message" } }\` (the \`Error\`
shape): \`code\` is the kind and sets the status, \`detail\` (when present) the specific reason,
such as \`prompt_content_missing\` or \`folder_name_taken\` (\`ErrorDetail\` in
shared/error-codes.ts), and \`message\` is for people. Clients choose what to do by \`code\` and
\`detail\`, never by the message.

| status | code | when |
| --- | --- | --- |
| 400 | \`invalid_input\` | a parameter or body the route's schema refuses (the message names the field: \`cursor: …\`), or a body that is not JSON (\`body_not_json\`) |
| 401 | \`unauthenticated\` | not signed in |
| 403 | \`forbidden\` | signed in, but not allowed |
| 404 | \`not_found\` | no such thing, or one you may not see (another person's personal prompt is not found, never forbidden) |
| 409 | \`conflict\` | a choice made on a version that is no longer the newest |
| 413 | \`payload_too_large\` | a body over \`BODY_LIMIT\`, or a library limit reached (the message names it) |
| 422 | \`needs_confirmation\` | the privacy check found secrets or personal data in what would be shared (\`privacy_findings\`, with \`findings\`) |
| 429 | \`rate_limited\` | too many writes (\`RATE_LIMIT_WRITES\`) or token requests (\`RATE_LIMIT_TOKEN\`) in a minute; \`Retry-After\` says when to try again |
| 502 | \`upstream_failed\` | a model service a workbench run called failed or could not be reached |
| 503 | \`unavailable\` | the database cannot be reached for now; \`Retry-After: 5\` |
| 500 | \`internal\` | a fault of ours |

**Who may do what** is decided in one place, server/prompts/prompt-access.ts: everyone signed in
sees their own prompts and every shared one; owners change and delete their own; administrators
see, change and delete any. server/prompts/authorization-matrix.test.ts runs every API operation
and page action as a visitor, two users and an administrator. Collections have their own place,
server/collections/collection-access.ts (public ones are seen by everyone, private ones by their
owner and administrators; owners and administrators change them), and profiles theirs,
server/profiles/profile-access.ts; server/collections/authorization-matrix.test.ts runs every
collection operation, page and profile setting the same way.

**The privacy check.** Whatever makes text public (sharing a prompt, editing a shared one, a
public collection or profile, an import that shares) is scanned first for secrets and personal
data (docs/decisions/0016-privacy-check.md). A finding is 422 \`needs_confirmation\` with detail
\`privacy_findings\` and the \`findings\`, and nothing is saved, unless the request is sent again
with \`confirm: true\`.`;

/** The groups routes are listed in, in this order, and what each is about. */
export const apiTags = [
  {
    name: "Session",
    description: "Who is signed in. Pages poll it to notice a sign-out elsewhere.",
  },
  {
    name: "Prompts",
    description: `Your library and the community's. A prompt's use case (at most 35 characters; longer
ones are cut, and the cut's trailing spaces dropped) becomes both title and category; without one
the prompt is "Untitled". Its text must not be blank and holds up to 200,000 characters (longer is
400 \`prompt_too_long\`). In lists the text is an excerpt (\`truncated\`); a prompt read on its own, or
answered by a write, is whole.`,
  },
  {
    name: "Versions",
    description: `A change to a prompt's text or use case makes a new version; its history keeps the last
\`VERSION_LIMIT\` versions and \`HISTORY_SIZE_LIMIT\` bytes of earlier text, merging older ones
away. A saved copy can be brought up to date with its original (upstream).`,
  },
  {
    name: "Palette",
    description: "The command palette's search (docs/decisions/0015-command-palette.md).",
  },
  {
    name: "Snippets",
    description: "What a template's `{{> Title}}` snippets stand for (docs/templates.md).",
  },
  { name: "Folders", description: "Your own folders. Folders, tags and stars are private." },
  { name: "Tags", description: "Your own tags." },
  {
    name: "Collections",
    description: `Shared prompts gathered for a purpose: a person keeps at most 50 collections of at most 100
prompts each (shared/collection.ts).`,
  },
  { name: "Profile", description: "Your public profile's settings." },
  {
    name: "Access tokens",
    description: `A person's access tokens, managed from a signed-in browser only (a token cannot manage
tokens). At most \`TOKEN_LIMIT\` a person; each token makes at most \`RATE_LIMIT_TOKEN\` requests a
minute per instance, and its writes count towards its person's \`RATE_LIMIT_WRITES\`.`,
  },
  {
    name: "Your data",
    description: "Export, import, and deleting your account (docs/imports-exports.md).",
  },
  {
    name: "Live updates",
    description: "Changes to shared prompts, as they happen, for open community lists.",
  },
  {
    name: "Model connections",
    description: `The workbench's connections to model services (docs/workbench.md): OpenAI-compatible ones and
Anthropic, each with an optional API key, kept only sealed. Each is its person's alone: another's is
not found.`,
  },
  {
    name: "Runs",
    description: `A prompt (or a text) filled and sent to a model, the answer whole or streamed; runs of your own
prompts are kept with the version they ran.`,
  },
  {
    name: "Test cases",
    description: `Checks on the answer a prompt gets for given values, run on a version against a model; their
outcomes are kept with the version. A prompt's runs, test cases and outcomes are its owner's.`,
  },
  { name: "Reference", description: "This reference." },
];
