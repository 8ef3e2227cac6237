/** One CSV field: quoted when it holds a comma, quote, line break or edge spaces. */
export function csvField(value: string) {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function csvRow(values: string[]) {
  return `${values.map(csvField).join(",")}\r\n`;
}
