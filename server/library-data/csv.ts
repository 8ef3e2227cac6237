/** One CSV field: quoted when it holds a comma, quote, line break or edge spaces. */
export function csvField(value: string) {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function csvRow(values: string[]) {
  return `${values.map(csvField).join(",")}\r\n`;
}

// A spreadsheet runs a cell that starts with = + - @, a tab or a carriage return as a formula.
// Such a cell (after any apostrophes already there) gets one more apostrophe in front, which
// spreadsheets show as text; importing takes exactly one off again, so every text round-trips.
const formulaStart = /^'*[=+\-@\t\r]/;
const guardedStart = /^'+[=+\-@\t\r]/;

/** A text cell a spreadsheet will show, never run. */
export function guardCell(value: string) {
  return formulaStart.test(value) ? `'${value}` : value;
}

/** The text guardCell was given. */
export function unguardCell(value: string) {
  return guardedStart.test(value) ? value.slice(1) : value;
}
