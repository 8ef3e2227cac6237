import { Modal } from "~/components/ui/modal.tsx";
import { KeyCaps } from "./key-caps.tsx";
import { type Shortcut, shortcuts } from "./shortcuts.ts";

const sections: Shortcut["section"][] = ["Anywhere", "Go to", "Prompt cards"];
const headingId = (section: string) => `shortcuts-${section.toLowerCase().replaceAll(" ", "-")}`;

/** "?": every shortcut in the list, by section, and how the palette is driven. */
export function ShortcutsDialog(props: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={props.open}
      onClose={props.onClose}
      title="Keyboard shortcuts"
      hideTitle
      className="max-w-lg"
    >
      {/* Smaller than the modal's own title, so a phone's narrow dialog keeps it clear of Close. */}
      <h2 className="pr-8 text-xl font-bold text-fg">Keyboard shortcuts</h2>
      <p className="mt-1 text-sm text-muted">
        They work anywhere but in a text field or an open dialog.
      </p>
      <div className="mt-4 space-y-5">
        {sections.map((section) => (
          <section key={section} aria-labelledby={headingId(section)}>
            <h3 id={headingId(section)} className="text-sm font-semibold text-fg">
              {section}
            </h3>
            {/* Keys in one column, what they do beside them: a description that wraps stays
                left-aligned under its own first line. */}
            <dl className="mt-2 grid grid-cols-[max-content_minmax(0,1fr)] items-baseline gap-x-4 gap-y-2">
              {shortcuts
                .filter((shortcut) => shortcut.section === section)
                .map((shortcut) => (
                  <div key={shortcut.keys} className="contents">
                    <dt>
                      <KeyCaps keys={shortcut.keys} />
                    </dt>
                    <dd className="text-sm text-fg-soft">{shortcut.description}</dd>
                  </div>
                ))}
            </dl>
          </section>
        ))}
        <section aria-labelledby="shortcuts-palette">
          <h3 id="shortcuts-palette" className="text-sm font-semibold text-fg">
            In the palette
          </h3>
          <p className="mt-2 text-sm text-fg-soft">
            Type to search your prompts and the community's, or a command. ↑ and ↓ move, Enter runs,
            Escape closes.
          </p>
        </section>
      </div>
    </Modal>
  );
}
