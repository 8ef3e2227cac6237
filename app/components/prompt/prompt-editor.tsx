import { PromptForm } from "./prompt-form.tsx";
import { SimilarPromptNotice } from "./similar-prompt-notice.tsx";
import type { PromptEditorState } from "./use-prompt-editor.ts";

/**
 * Where a library page's form opens (adding, or editing a card's prompt), and after a save the
 * note about a prompt much like it.
 */
export function PromptEditor(props: {
  editor: PromptEditorState;
  /** The form's heading when adding; editing says "Edit Prompt". */
  addHeading: string;
  /** A topic page's category: what the form files under. */
  defaultUseCase?: string;
  /** Whether what the form adds is shared (an edit shares when the prompt is). */
  sharesNew?: boolean;
}) {
  const { editor } = props;
  const { form } = editor;
  return (
    <div ref={editor.anchor}>
      {form.mode !== "closed" ? (
        <PromptForm
          key={form.mode === "edit" ? form.prompt.id : "add"}
          state={form}
          fetcher={editor.save}
          heading={form.mode === "edit" ? "Edit Prompt" : props.addHeading}
          defaultUseCase={props.defaultUseCase}
          sharesNew={props.sharesNew}
          onCancel={editor.close}
        />
      ) : null}
      {editor.similar ? (
        <SimilarPromptNotice similar={editor.similar} onDismiss={editor.dismissSimilar} />
      ) : null}
    </div>
  );
}
