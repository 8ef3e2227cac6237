// Render cost of a 50-card list: react-dom/server renderToString of PromptList, as the own
// library (folders: cards can be filed and tagged) and the community list, each with and without
// a search term. Prints the median and fastest CPU time of 150 renders after 40 warm-up renders,
// per scenario (CPU time: on a shared machine a render waiting for a core costs no more).
// usage: NODE_ENV=production npx vite build --config bench/card-render.config.ts &&
//        NODE_ENV=production node node_modules/.cache/card-render/card-render.js
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { LibraryProvider } from "~/components/organise/library-context.tsx";
import { personalAbilities } from "~/components/prompt/card-abilities.ts";
import { PromptCard } from "~/components/prompt/prompt-card.tsx";
import { PromptList } from "~/components/prompt/prompt-list.tsx";
import { searchMatch } from "../server/prompts/search-match.ts";
import type { Prompt } from "../shared/prompt.ts";

const base = "Write a careful answer about the topic, step by step, citing the sources you use. ";
function prompt(index: number, own: boolean): Prompt {
  const long = index % 3 === 0;
  const template = index % 5 === 0;
  const text = `${template ? "Explain {{topic}} to {{audience}}. " : ""}${base.repeat(long ? 4 : 1)}needle${index}`;
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`,
    title: `Prompt ${index} about rivers`,
    description: null,
    promptText: Array.from(text).slice(0, 300).join(""),
    truncated: Array.from(text).length > 300,
    category: index % 2 ? `Rivers ${index}` : `Prompt ${index} about rivers`,
    isShared: index % 2 === 0,
    teamId: null,
    createdAt: new Date(Date.UTC(2025, 0, 1, 0, index)).toISOString(),
    updatedAt: new Date(Date.UTC(2025, 0, 1, 0, index)).toISOString(),
    creatorName: "Ada Lovelace",
    isAdminCreated: index % 7 === 0,
    isOwn: own,
    tags: own ? ["work", "draft"] : [],
    folderId: null,
    pinned: false,
    isFavourite: index % 4 === 0,
    isSaved: false,
    starCount: index,
    copyCount: index * 2,
    savedFromId: null,
    version: index % 4 === 0 ? 3 : 1,
    saveCount: index % 6,
    upstream: null,
  };
}

type Scenario = { name: string; own: boolean; term: string };
const scenarios: Scenario[] = [
  { name: "own library, 50 cards", own: true, term: "" },
  { name: "own library, 50 cards, search", own: true, term: "rivers" },
  { name: "community, 50 cards", own: false, term: "" },
  { name: "community, 50 cards, search", own: false, term: "rivers" },
];

function items(scenario: Scenario) {
  const listed = Array.from({ length: 50 }, (_, i) => prompt(i + 1, scenario.own));
  // A search's list comes with the server's match for each card (timed apart, below).
  return scenario.term
    ? listed.map((item) => ({ ...item, match: searchMatch(item, scenario.term) }))
    : listed;
}

const handlers = { onEdit: () => {}, onDelete: () => {}, deleting: false, onChanged: () => {} };

/** The list as a library page renders it, for the scenario being measured. */
let measured: { scenario: Scenario; listed: Prompt[] } = {
  scenario: scenarios[0] as Scenario,
  listed: [],
};

function ListPage() {
  const { scenario, listed } = measured;
  const folders = scenario.own
    ? [{ id: "f1", name: "Work", parentId: null, promptCount: 0 }]
    : null;
  return (
    <LibraryProvider value={{ folders: folders as never, tags: [], teams: [], refresh: () => {} }}>
      <PromptList
        items={listed}
        term={scenario.term}
        emptyText="Nothing"
        loadFailed={false}
        hasMore={false}
        loadingMore={false}
        onLoadMore={() => {}}
        card={(item) => (
          <PromptCard
            prompt={item}
            term={scenario.term}
            showCreator={!scenario.own}
            can={personalAbilities(item, { isAdmin: false, organising: scenario.own })}
            handlers={handlers}
          />
        )}
      />
    </LibraryProvider>
  );
}

const Stub = createRoutesStub([{ path: "/dashboard", Component: ListPage }]);

function element(scenario: Scenario) {
  measured = { scenario, listed: items(scenario) };
  return <Stub initialEntries={[`/dashboard${scenario.term ? `?q=${scenario.term}` : ""}`]} />;
}

for (const scenario of scenarios) {
  const tree = element(scenario);
  let html = "";
  for (let i = 0; i < 40; i++) html = renderToString(tree);
  const times: number[] = [];
  for (let i = 0; i < 150; i++) {
    // CPU time, not the clock: the machine is shared, and a render waiting for a core is not
    // the render's cost.
    const start = process.cpuUsage();
    html = renderToString(tree);
    const used = process.cpuUsage(start);
    times.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  if (process.env.DUMP_HTML) {
    const { writeFileSync } = await import("node:fs");
    writeFileSync(`${process.env.DUMP_HTML}/${scenario.name.replace(/\W+/g, "-")}.html`, html);
  }
  const median = times[75] ?? 0;
  const articles = html.match(/<article/g)?.length ?? 0;
  let matching = "";
  if (scenario.term) {
    const listed = items({ ...scenario, term: "" });
    const start = process.cpuUsage();
    for (let i = 0; i < 150; i++) for (const item of listed) searchMatch(item, scenario.term);
    const used = process.cpuUsage(start);
    matching = `, the server's matches ${((used.user + used.system) / 1000 / 150).toFixed(2)} ms`;
  }
  console.log(
    `${scenario.name}: median ${median.toFixed(2)} ms, fastest ${times[0]?.toFixed(2)} ms, ${articles} cards, ${(html.length / 1024).toFixed(0)} KiB, ${html.match(/<svg/g)?.length ?? 0} icons, ${html.match(/<button/g)?.length ?? 0} buttons${matching}`,
  );
}
if (process.env.SHOW_CARD) {
  const html = renderToString(element(scenarios[Number(process.env.SHOW_CARD)] as Scenario));
  const first = html.indexOf("<article");
  console.log(html.slice(first, html.indexOf("</article>", first) + 10));
}
