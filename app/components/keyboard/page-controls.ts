/** A prompt card (PromptCard marks itself so, with tabindex="-1" so that it can hold focus). */
const cardSelector = "[data-prompt-card]";

const shown = (element: Element) => element.getClientRects().length > 0;

function cards() {
  return Array.from(document.querySelectorAll<HTMLElement>(cardSelector)).filter(shown);
}

/** The card holding focus, itself or through one of its controls. */
function focusedCard() {
  return document.activeElement?.closest<HTMLElement>(cardSelector) ?? null;
}

/**
 * Moves focus to the next (1) or previous (-1) card in reading order, stopping at either end;
 * from outside any card, to the first. The card is scrolled just into view.
 */
export function moveCardFocus(step: 1 | -1) {
  const all = cards();
  const current = focusedCard();
  const index = current ? all.indexOf(current) : -1;
  const next = index === -1 ? all[0] : all[Math.min(all.length - 1, Math.max(0, index + step))];
  if (!next) return;
  next.focus({ preventScroll: true });
  next.scrollIntoView({ block: "nearest" });
}

/** Presses the focused card's control for this key, if the card offers it to this person. */
export function pressCardControl(key: string) {
  focusedCard()?.querySelector<HTMLElement>(`[aria-keyshortcuts="${key}"]`)?.click();
}

/**
 * Presses the page's own control for this key (a field is focused, a button clicked); false
 * when the page has none showing.
 */
export function pressPageControl(key: string) {
  const control = Array.from(
    document.querySelectorAll<HTMLElement>(`main [aria-keyshortcuts="${key}"]`),
  ).find((element) => shown(element) && !element.closest(cardSelector));
  if (!control) return false;
  if (control instanceof HTMLInputElement) control.focus();
  else control.click();
  return true;
}

/** Whether a dialog or menu is open: keys then belong to it. */
export function somethingOpen() {
  const open = '[role="dialog"], [role="alertdialog"], [role="menu"], dialog[open]';
  return document.querySelector(open) !== null;
}

/** Inputs that take no typing: keys pressed on them are shortcuts as anywhere else. */
const pressedInputs = ["checkbox", "radio", "button", "submit", "reset", "range", "color", "file"];

/** Whether the key was pressed while typing: in a text field, a select or editable text. */
export function typingIn(target: EventTarget | null) {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement) return !pressedInputs.includes(target.type);
  return (
    target.isContentEditable ||
    target.closest('textarea, select, [contenteditable]:not([contenteditable="false"])') !== null
  );
}
