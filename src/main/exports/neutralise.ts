/**
 * Spreadsheet formula neutralisation (CSV injection). A cell a spreadsheet would evaluate as a
 * formula gets a leading single quote, which spreadsheets display as text and do not run.
 *
 * Triggers: `=`, `+`, `-`, `@`, tab and carriage return at the start of the cell (OWASP's list).
 * A negative amount such as `-5` is neutralised too (`'-5`). That is intended: telling a harmless
 * number from `-2+3+cmd|...` reliably is exactly the parsing this guard must not depend on, and the
 * quote is visible and easy to strip for anyone who needs the number.
 */
const TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r']);

export function neutraliseCell(cell: string): string {
  return cell.length > 0 && TRIGGERS.has(cell[0] as string) ? `'${cell}` : cell;
}

/** Returns the row to write and how many cells were changed; the input row is not modified. */
export function neutraliseRow(row: readonly string[]): { row: string[]; changed: number } {
  let changed = 0;
  const out = new Array<string>(row.length);
  for (let i = 0; i < row.length; i++) {
    const cell = row[i] ?? '';
    if (cell.length > 0 && TRIGGERS.has(cell[0] as string)) {
      out[i] = `'${cell}`;
      changed++;
    } else {
      out[i] = cell;
    }
  }
  return { row: out, changed };
}

/** Neutralises `row` itself (the export's hot loop: no copy per row); answers the cells changed. */
export function neutraliseInPlace(row: string[]): number {
  let changed = 0;
  for (let i = 0; i < row.length; i++) {
    const cell = row[i] as string;
    if (cell.length > 0 && TRIGGERS.has(cell[0] as string)) {
      row[i] = `'${cell}`;
      changed++;
    }
  }
  return changed;
}
