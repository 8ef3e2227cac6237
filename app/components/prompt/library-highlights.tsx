import type { ReactNode } from "react";
import type { Prompt } from "../../../shared/prompt.ts";
import { CommunityHighlights, type Highlights } from "./community-highlights.tsx";

/** The community's highlights above a library's list, with the list's own cards. */
export function LibraryHighlights(props: {
  highlights: Highlights<Prompt>;
  card: (prompt: Prompt) => ReactNode;
}) {
  return (
    <div className="mb-10">
      <CommunityHighlights highlights={props.highlights} headingLevel={2} card={props.card} />
    </div>
  );
}
