/**
 * A star button's accessible name: what pressing it does, to which prompt, and the count it
 * shows when it shows one, so the name holds the button's visible text (WCAG 2.5.3, label in
 * name; Lighthouse flagged "Star Linux Terminal" on a button reading "12").
 */
export function starLabel(starred: boolean, title: string, count?: number) {
  const action = `${starred ? "Unstar" : "Star"} ${title}`;
  return count === undefined ? action : `${action} (${count} ${count === 1 ? "star" : "stars"})`;
}
