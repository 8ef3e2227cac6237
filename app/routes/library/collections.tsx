import { CollectionsManager } from "~/components/collections/collections-manager.tsx";
import { originFrom, pageMeta } from "~/lib/seo.ts";
import type { Route } from "./+types/collections";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    origin: originFrom(matches),
    path: "/collections",
    title: "Collections | PromptShelf",
    description: "Gather shared prompts into collections, order and annotate them, and share them.",
    noindex: true,
  });

export default function Collections() {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-fg">Collections</h1>
        <p className="mt-1 text-muted">
          Shared prompts gathered for a purpose, in your order, with your notes. Public ones have a
          page anyone can open.
        </p>
      </div>
      <CollectionsManager />
    </div>
  );
}
