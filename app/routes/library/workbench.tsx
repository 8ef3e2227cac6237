import { useDeferredValue, useId, useMemo, useState } from "react";
import { fieldClass } from "~/components/ui/field-classes.ts";
import { ConnectionsPanel } from "~/components/workbench/connections-panel.tsx";
import { useConnections } from "~/components/workbench/use-connections.ts";
import { WorkbenchBody } from "~/components/workbench/workbench-body.tsx";
import { originFrom, pageMeta } from "~/lib/seo.ts";
import { promptTextMaxLength } from "../../../shared/prompt.ts";
import type { Route } from "./+types/workbench";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    origin: originFrom(matches),
    path: "/workbench",
    title: "Workbench | PromptShelf",
    description:
      "Connect the models you use (OpenAI, Anthropic or your own server) and try prompts against them.",
    noindex: true,
  });

/**
 * The workbench page: the person's model connections, and a text to try against them. Every
 * prompt's own Run (on its card) opens the same workbench for that prompt.
 */
export default function Workbench() {
  const ids = useId();
  const connections = useConnections();
  const [text, setText] = useState("Write a {{length:choice(short,long)}} poem about {{topic!}}.");
  // The form follows the text at a lower priority than the typing itself.
  const settled = useDeferredValue(text);
  const template = useMemo(
    () => ({ id: "workbench-scratch", title: "Workbench", promptText: settled, prompt: null }),
    [settled],
  );
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-fg">Workbench</h1>
        <p className="mt-1 text-muted">
          Run prompts against the models you use. A prompt's own Run, on its card, keeps its runs
          and test cases.
        </p>
      </div>
      <section
        aria-labelledby={`${ids}-connections`}
        className="rounded-xl bg-surface p-4 shadow-sm ring-1 ring-line sm:p-6"
      >
        <h2 id={`${ids}-connections`} className="mb-4 text-xl font-semibold text-fg">
          Model connections
        </h2>
        <ConnectionsPanel connections={connections} />
      </section>
      <section
        aria-labelledby={`${ids}-try`}
        className="rounded-xl bg-surface p-4 shadow-sm ring-1 ring-line sm:p-6"
      >
        <h2 id={`${ids}-try`} className="text-xl font-semibold text-fg">
          Try a prompt
        </h2>
        <label htmlFor={`${ids}-text`} className="mt-3 block text-sm font-medium text-fg">
          Prompt
        </label>
        <textarea
          id={`${ids}-text`}
          rows={4}
          maxLength={promptTextMaxLength}
          value={text}
          onChange={(event) => setText(event.target.value)}
          className={fieldClass}
        />
        {settled.trim() ? <WorkbenchBody template={template} connections={connections} /> : null}
      </section>
    </div>
  );
}
