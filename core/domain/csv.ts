/**
 * CSV writing for the admin exports (SPEC.md "CSV rules", RFC 4180). Threat model: a source name or
 * an error text is attacker-controlled (it comes from a feed), and a spreadsheet would evaluate a
 * cell starting with `=`, `+`, `-` or `@` as a formula (OWASP "CSV Injection"; tab and carriage
 * return too). Such string cells get a leading apostrophe. Numbers are written untouched.
 */

/** One CSV cell: text, a number, a boolean, a date, or empty. */
export type CsvCell = string | number | boolean | Date | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

/** A string cell made inert for spreadsheets: formula starters get a leading apostrophe. */
export function escapeFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** One cell as CSV text: numbers as they are, strings formula-escaped and quoted when needed. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = escapeFormula(value instanceof Date ? value.toISOString() : value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV row (no line ending). */
export function csvRow(cells: readonly CsvCell[]): string {
  return cells.map(csvCell).join(',');
}

/** A whole CSV document: rows joined with CRLF (RFC 4180), ending with a line break. */
export function csvDocument(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map(csvRow).join('\r\n') + '\r\n';
}

/** Parse CSV text back into rows of strings (RFC 4180 quoting). Used by tests and tooling. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
