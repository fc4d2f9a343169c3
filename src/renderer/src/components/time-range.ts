/**
 * A time-range filter's value: epoch-millisecond strings, which is what the platform's
 * `createdFrom`/`fromTimestamp` parameters take, edited as ISO text (issue 29: never mm/dd/yyyy)
 * in the operator's time zone: "2026-11-26" or "2026-11-26 12:10" (a "T" instead of the space,
 * and seconds, are read too). A day alone is its first millisecond for From and its last for To,
 * so that "To 2026-11-26" includes that day.
 */
import { formatDate, type TimeZonePref } from '../lib/format';

export interface TimeRange {
  from?: string;
  to?: string;
}

const ISO_INPUT = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

export type RangeInput = { ok: true; ms: string | undefined } | { ok: false; problem: string };

/** The text of an ISO date or date-time input, in `zone`, as epoch ms; '' clears the end. */
export function readRangeInput(text: string, end: keyof TimeRange, zone: TimeZonePref): RangeInput {
  const t = text.trim();
  if (t === '') return { ok: true, ms: undefined };
  const m = ISO_INPUT.exec(t);
  if (!m) return { ok: false, problem: 'type a date as yyyy-mm-dd, optionally with a time hh:mm' };
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => (v === undefined ? undefined : Number(v)));
  const dayOnly = h === undefined;
  const fields = [
    y ?? 0,
    (mo ?? 1) - 1,
    d ?? 1,
    dayOnly ? (end === 'to' ? 23 : 0) : h,
    dayOnly ? (end === 'to' ? 59 : 0) : (mi ?? 0),
    dayOnly ? (end === 'to' ? 59 : 0) : (s ?? 0),
    dayOnly && end === 'to' ? 999 : 0,
  ] as const;
  const ms = zone === 'utc' ? Date.UTC(...fields) : new Date(...fields).getTime();
  const back = new Date(ms);
  const sameDay =
    zone === 'utc'
      ? back.getUTCFullYear() === y && back.getUTCMonth() + 1 === mo && back.getUTCDate() === d
      : back.getFullYear() === y && back.getMonth() + 1 === mo && back.getDate() === d;
  // "2026-02-30" or "25:00" would roll over into another day: refused, not guessed at.
  if (!sameDay || (h !== undefined && (h > 23 || (mi ?? 0) > 59 || (s ?? 0) > 59)) || ms < 0)
    return { ok: false, problem: `${t} is no such day or time` };
  return { ok: true, ms: String(ms) };
}

/** Epoch ms as the input shows it in `zone`: "2026-11-26 12:10" ('' when unset or unreadable). */
export function rangeInputText(ms: string | undefined, zone: TimeZonePref): string {
  if (ms === undefined || !/^\d{1,16}$/.test(ms)) return '';
  const n = Number(ms);
  const d = new Date(n);
  const [h, mi] = zone === 'utc' ? [d.getUTCHours(), d.getUTCMinutes()] : [d.getHours(), d.getMinutes()];
  return `${formatDate(n, zone)} ${String(h).padStart(2, '0')}:${String(mi).padStart(2, '0')}`;
}

/** The range with one end set; `ms` undefined clears that end. */
export function withEnd(range: TimeRange, end: keyof TimeRange, ms: string | undefined): TimeRange {
  return { ...range, [end]: ms };
}
