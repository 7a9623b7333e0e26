/*
 * The one CSV rule of every export, in the browser (tables, heat maps) and on the server (reports):
 * RFC 4180 text with CRLF line ends, and cells a spreadsheet would run as a formula made inert.
 */

export type CsvValue = string | number | boolean | null | undefined;

/**
 * One CSV cell. A text a spreadsheet would run as a formula (it begins with =, +, -, @, tab or CR)
 * is made inert with a leading apostrophe; quotes are doubled and a cell holding a comma, quote or
 * line break is quoted. null and undefined are empty cells. A number is written as it is (a
 * negative figure is data a spreadsheet should still add up, not text that could run).
 */
export function csvCell(value: CsvValue): string {
  if (typeof value === 'number') return String(value);
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The header row and one line per row. */
export function csvText(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const lines = [header.map(csvCell).join(','), ...rows.map((row) => row.map(csvCell).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}
