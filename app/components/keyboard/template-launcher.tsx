import { useEffect, useRef } from "react";
import { TemplateDialog } from "~/components/organise/template-dialog.tsx";
import { countCopy } from "~/components/prompt/copy-text.ts";
import { useWholePrompt } from "~/components/prompt/use-whole-prompt.ts";
import type { Prompt } from "../../../shared/prompt.ts";

/**
 * The card's own "Use template" dialog, opened from the palette for a prompt that may not be on
 * the page: its trigger is kept out of sight and pressed once; `onClosed` runs when the dialog
 * closes again.
 */
export function TemplateLauncher(props: { prompt: Prompt; onClosed: () => void }) {
  const whole = useWholePrompt(props.prompt);
  const holder = useRef<HTMLDivElement>(null);
  const pressed = useRef(false);
  const { onClosed } = props;

  useEffect(() => {
    const trigger = holder.current?.querySelector("button");
    if (!trigger) return onClosed();
    if (!pressed.current) {
      pressed.current = true;
      trigger.click();
    }
    const observer = new MutationObserver(() => {
      if (trigger.getAttribute("aria-expanded") !== "true") onClosed();
    });
    observer.observe(trigger, { attributeFilter: ["aria-expanded"] });
    return () => observer.disconnect();
  }, [onClosed]);

  return (
    <div ref={holder} hidden>
      <TemplateDialog
        prompt={props.prompt}
        whole={whole}
        onCopied={() => countCopy(props.prompt.id)}
      />
    </div>
  );
}
