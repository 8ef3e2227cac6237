import * as Dialog from "@radix-ui/react-dialog";
import { Command } from "cmdk";
import { useRef } from "react";
import type { Prompt } from "../../../shared/prompt.ts";
import { PaletteBody, type PaletteChoice } from "./palette-body.tsx";
import type { CommandActions } from "./palette-commands.ts";

/**
 * The command palette (Ctrl/⌘+K, or the top bar's search button): finds prompts in the person's
 * library and the community as they type, and runs commands. A modal dialog of ours, so it
 * keeps focus inside, closes on Escape and gives focus back; cmdk drives the list inside it.
 * A choice runs once the palette has closed, so the focus it moves (into a form, a dialog)
 * stays there; a copy runs at once, while the key press still allows writing to the clipboard.
 */
export function CommandPalette(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  actions: CommandActions;
  onCopy: (prompt: Prompt) => void;
  onUseTemplate: (prompt: Prompt) => void;
}) {
  const afterClose = useRef<(() => void) | null>(null);
  const openedFrom = useRef<Element | null>(null);

  function choose(choice: PaletteChoice) {
    if (choice.kind === "copy") props.onCopy(choice.prompt);
    else afterClose.current = choice.run;
    props.onOpenChange(false);
  }

  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-overlay" />
        <Dialog.Content
          onOpenAutoFocus={() => {
            openedFrom.current = document.activeElement;
          }}
          // With no trigger of its own, the dialog gives focus back where it was, or to what the
          // choice moves it to.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            const run = afterClose.current;
            afterClose.current = null;
            if (run) run();
            else if (openedFrom.current instanceof HTMLElement) openedFrom.current.focus();
          }}
          className="fixed inset-x-0 top-0 z-50 flex max-h-dvh flex-col overflow-hidden rounded-b-2xl bg-surface shadow-2xl ring-1 ring-line sm:top-[12vh] sm:left-1/2 sm:max-h-[76vh] sm:w-[calc(100%-2rem)] sm:max-w-xl sm:-translate-x-1/2 sm:rounded-2xl"
        >
          <Dialog.Title className="sr-only">Command palette</Dialog.Title>
          <Dialog.Description className="sr-only">
            Search your prompts and the community's, or type a command. Arrow keys move, Enter runs,
            Escape closes.
          </Dialog.Description>
          <Command
            label="Search prompts or type a command"
            shouldFilter={false}
            vimBindings={false}
            loop
            className="flex min-h-0 flex-1 flex-col"
          >
            <PaletteBody
              actions={props.actions}
              onChoose={choose}
              onUseTemplate={props.onUseTemplate}
            />
          </Command>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
