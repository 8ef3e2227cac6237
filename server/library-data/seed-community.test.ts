import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { landingPages } from "../../shared/landing-pages.ts";
import { emptyStates } from "../../shared/messages.ts";
import { topics } from "../../shared/topics.ts";
import { asActor } from "../../tests/support/actors.ts";
import { apiPerson } from "../../tests/support/api-person.ts";
import { type TestApp, testConfig, withTestApp } from "../../tests/support/test-app.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { prompts, promptVersions } from "../db/schema.ts";
import { projectRoot } from "../project-root.ts";
import { inTopic } from "../prompts/list-filters.ts";
import { seedCommunity } from "./seed-community.ts";
import { topicOf } from "./topic-rules.ts";

let database: DatabaseHandle;
let app: TestApp;
withTestApp((made) => {
  ({ database, app } = made);
});

const limits = testConfig().limits;
let csv: string;
let firstRun: Awaited<ReturnType<typeof seedCommunity>>;

beforeAll(async () => {
  csv = await readFile(join(projectRoot, "seed/prompts.csv"), "utf8");
  firstRun = await seedCommunity({ db: database.db, csv, limits });
}, 300_000);

async function sharedIn(category: string) {
  const [row] = await database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(prompts)
    .where(and(sql`${prompts.isShared}`, inTopic(category)));
  return row?.count ?? 0;
}

describe("npm run seed on a fresh database", () => {
  it("shares every demo prompt (18 repeat another's text)", () => {
    expect(firstRun).toMatchObject({ added: 1511, duplicates: 18 });
  });

  it.each(topics.map((topic) => [topic.path, topic] as const))(
    "%s lists demo prompts for a signed-in person",
    async (_path, topic) => {
      expect(await sharedIn(topic.category)).toBeGreaterThanOrEqual(6);
      const { actor } = await apiPerson(database.db, app);
      const html = await (await app.request(topic.path, asActor(actor))).text();
      expect(html).not.toContain(emptyStates.community);
      expect(html).toMatch(/<article aria-label="[^"]+"/);
    },
  );

  it.each(landingPages.map((page) => [page.path, page] as const))(
    "%s shows six of the newest demo prompts",
    async (path) => {
      const html = await (await app.request(path)).text();
      expect(html).not.toContain("No prompts available yet");
      expect(html.match(/<article /g)).toHaveLength(6);
    },
  );

  it("keeps each prompt's title from the file while filing it under a topic", async () => {
    const [row] = await database.db
      .select({ title: prompts.title, category: prompts.category })
      .from(prompts)
      .where(eq(prompts.title, "Essay Writer"));
    expect(row).toEqual({ title: "Essay Writer", category: "ap-lang" });
  });

  it("files each demo prompt as it adds it, so none has an earlier version", async () => {
    const community = and(sql`${prompts.isShared}`, inTopic("ap-lang"));
    const [filed] = await database.db
      .select({ count: sql<number>`count(*)::int`, newest: sql<number>`max(${prompts.version})` })
      .from(prompts)
      .where(community);
    expect(filed?.count).toBeGreaterThan(0);
    // Filing after the import changed each filed prompt's category: version 2, with version 1
    // the same text under the file's use case ("edited · 2 versions" on every topic page).
    expect(filed?.newest).toBe(1);
    const [versions] = await database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(promptVersions);
    expect(versions?.count).toBe(0);
  });

  it("run again, adds nothing and files the same prompts", async () => {
    const again = await seedCommunity({ db: database.db, csv, limits });
    expect(again.added).toBe(0);
    expect(again.filed).toEqual(firstRun.filed);
    for (const topic of topics) {
      expect(await sharedIn(topic.category)).toBe(firstRun.filed[topic.category]);
    }
  }, 300_000);
});

describe("the topic rule", () => {
  it("goes by the title first, then the opening of the text, narrow topics before broad", () => {
    expect(topicOf("Essay Writer", "Use ChatGPT to write")).toBe("ap-lang");
    expect(topicOf("Helper", "You are ChatGPT, a tutor for students")).toBe("chatgpt");
    expect(topicOf("Lesson planner", "Plan a lesson")).toBe("ai-education");
    expect(topicOf("CLAUDE.md Generator", "")).toBe("claude");
    expect(topicOf("Cinematic Portrait", "")).toBe("stable-diffusion");
    expect(topicOf("Meta-Prompt Engineer", "")).toBe("prompt-engineering");
    expect(topicOf("System prompt writer", "")).toBe("llm");
  });

  it("matches whole words only, and only in the text's opening", () => {
    expect(topicOf("Example maker", "Give an example")).toBeNull();
    expect(topicOf("Drafter", `${"x ".repeat(400)} ChatGPT`)).toBeNull();
  });
});
