/**
 * Finding text in rows already loaded (the loans tab's search, the address book's "Find in
 * loaded"): the platform is not asked again. A row matches when one of its fields contains the
 * text, ignoring case. Each list's search text is built once (lower-cased fields joined by a
 * separator, so that a match never spans two fields) and kept while the list lives, so a keystroke
 * costs one `includes` per row.
 */

/** Separates a row's fields in its search text; a needle containing it is matched field by field. */
const SEP = '\u0000';

export interface LocalSearch<T> {
  /** Builds the rows' search text ahead of the first search (views call it when the browser is idle). */
  prepare(rows: readonly T[]): void;
  /** Whether one row matches `text`: the rule `find` applies to every row. */
  matches(row: T, text: string): boolean;
  /** The rows matching `text`, in their order; no text: the same array (the table keeps its sort keys). */
  find(rows: readonly T[], text: string | undefined): readonly T[];
}

/** A search over the string fields `fieldsOf` lists (anything else in the list is skipped). */
export function localSearch<T>(fieldsOf: (row: T) => readonly unknown[]): LocalSearch<T> {
  const haystacks = new WeakMap<readonly T[], string[]>();
  const textOf = (row: T): string => {
    let text = '';
    for (const v of fieldsOf(row)) if (typeof v === 'string') text += SEP + v.toLowerCase();
    return text;
  };
  const matches = (row: T, text: string): boolean => {
    const needle = text.trim().toLowerCase();
    return (
      needle === '' || fieldsOf(row).some((v) => typeof v === 'string' && v.toLowerCase().includes(needle))
    );
  };
  const prepare = (rows: readonly T[]): void => {
    if (!haystacks.has(rows)) haystacks.set(rows, rows.map(textOf));
  };
  const find = (rows: readonly T[], text: string | undefined): readonly T[] => {
    const needle = (text ?? '').trim().toLowerCase();
    if (needle === '') return rows;
    if (needle.includes(SEP)) return rows.filter((row) => matches(row, needle));
    prepare(rows);
    const texts = haystacks.get(rows) as string[];
    const found: T[] = [];
    for (let i = 0; i < rows.length; i++) if ((texts[i] as string).includes(needle)) found.push(rows[i] as T);
    return found;
  };
  return { prepare, matches, find };
}
