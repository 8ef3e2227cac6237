import { signInOverHttp } from "../../bench/support/http-session.ts";
import { promptPath } from "../../shared/public-address.ts";
import { realPrompts } from "../../tests/support/real-prompts.ts";
import { startServer } from "../../tests/support/start-server.ts";

/**
 * Prepares the data directory with what the public pages of shared prompts need, and answers
 * the paths to measure: a person turns on a public profile and shares a real prompt of a few
 * thousand characters from prompts.csv, so its page, the browse page and the profile show real
 * content.
 */
export async function publicPagesToMeasure(dataDir: string) {
  const server = await startServer({ DATA_DIR: dataDir });
  try {
    const cookie = await signInOverHttp(server.url, "lighthouse@example.com", "Lighthouse Reader");
    const call = async (method: string, path: string, body: unknown) => {
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: { cookie, origin: server.url, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
      return res.json() as Promise<Record<string, unknown>>;
    };
    await call("PUT", "/api/v1/profile", {
      isPublic: true,
      handle: "lighthouse",
      displayName: "Lighthouse Reader",
      showAvatar: false,
    });
    const real = realPrompts().find(({ prompt }) => prompt.length > 1500 && prompt.length < 4000);
    if (!real) throw new Error("prompts.csv has no prompt of that length");
    const shared = await call("POST", "/api/v1/prompts", {
      promptText: real.prompt,
      useCase: real.act,
      shared: true,
      confirm: true,
    });
    const page = promptPath({ id: String(shared.id), title: String(shared.title) });
    return ["/", "/claude-prompt-library", "/prompts", page, "/u/lighthouse"];
  } finally {
    await server.stop();
  }
}
