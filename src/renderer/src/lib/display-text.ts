/**
 * A platform value as text for a cell, a badge or an id (issue 25): the platform may send null, a
 * JSON number (kept with its digits by the main side), or an object where the specification
 * promises a string. None of them may reach React as a child (an object there throws and takes the
 * tab down); each is shown as received, with the mark saying it was not text.
 */
import { capText, rawText } from './decimal';
import { isJsonNumberText } from '@shared/json-number';

/** Which mark a value needs, if any: strings and missing values need none. */
export function markOf(value: unknown): 'number' | 'other' | null {
  if (value === null || value === undefined || typeof value === 'string') return null;
  return typeof value === 'number' || isJsonNumberText(value) ? 'number' : 'other';
}

export interface DisplayText {
  /** The text to show, or null when the value is missing (shown as "—", never as 0). */
  text: string | null;
  /** 'number' or 'other' when the value was not a string. */
  mark: 'number' | 'other' | null;
}

/** Most characters of a non-text value's JSON put in one cell; the rest is cut. */
export const MAX_CELL_TEXT = 2_000;

export function displayText(raw: unknown): DisplayText {
  if (raw === null || raw === undefined || raw === '') return { text: null, mark: null };
  // Text is shown whole (an operator must see every character of a name); only the JSON text of
  // a non-text value is cut.
  if (typeof raw === 'string') return { text: raw, mark: null };
  return { text: capText(rawText(raw), MAX_CELL_TEXT), mark: markOf(raw) };
}

/** The value when it is a non-empty string, else undefined (for titles, keys and lookups). */
export const stringOr = (raw: unknown, fallback = ''): string =>
  typeof raw === 'string' && raw !== '' ? raw : fallback;

/** The entries of a list the platform sent that are objects: null, bare values and a non-array give none. */
export function objectEntries<T>(list: unknown): T[] {
  return Array.isArray(list)
    ? (list.filter((v) => typeof v === 'object' && v !== null && !Array.isArray(v)) as T[])
    : [];
}

/** How many entries of a list are not objects (null entries the screen leaves out and counts). */
export function nonObjectEntries(list: unknown): number {
  return Array.isArray(list)
    ? list.filter((v) => typeof v !== 'object' || v === null || Array.isArray(v)).length
    : 0;
}

/** The value when it is a plain object, else null. */
export function objectOr<T extends object>(value: unknown): T | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as T) : null;
}

/**
 * The rows that are objects, the same array when all are (a table's cached sort keys are per
 * array). The main side drops null rows and counts them (withoutNullRows); this keeps a table
 * standing if one still arrives.
 */
export function objectRows<T>(rows: readonly T[]): readonly T[] {
  const ok = (r: unknown) => typeof r === 'object' && r !== null;
  return rows.every(ok) ? rows : rows.filter(ok);
}
