/**
 * The console's one time format (issue 29, item 2), written once for both sides: the renderer's
 * tables and dialogs (lib/time.ts, in UTC or local time) and the main side's messages (always UTC,
 * the zone written out). "2026-11-26 12:10:27 UTC", or "2026-11-26 13:10:27 UTC+01:00" in local
 * time; fixed width so that columns align.
 */

/** A point in time split into calendar fields, in some zone. */
export interface TimeFields {
  y: number;
  mo: number;
  d: number;
  h: number;
  mi: number;
  s: number;
  milli: number;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** The fields of epoch ms `ms` in UTC, or in this machine's zone. */
export function timeFields(ms: number, zone: 'utc' | 'local'): TimeFields {
  const t = new Date(ms);
  const utc = zone === 'utc';
  return {
    y: utc ? t.getUTCFullYear() : t.getFullYear(),
    mo: (utc ? t.getUTCMonth() : t.getMonth()) + 1,
    d: utc ? t.getUTCDate() : t.getDate(),
    h: utc ? t.getUTCHours() : t.getHours(),
    mi: utc ? t.getUTCMinutes() : t.getMinutes(),
    s: utc ? t.getUTCSeconds() : t.getSeconds(),
    milli: utc ? t.getUTCMilliseconds() : t.getMilliseconds(),
  };
}

/** "2026-11-26": the date inputs' ISO format. */
export function dateText(f: TimeFields): string {
  return `${pad(f.y, 4)}-${pad(f.mo)}-${pad(f.d)}`;
}

/** "2026-11-26 12:10:27 UTC" from fields and a zone label; `withMs` adds ".762" after the seconds. */
export function timeText(f: TimeFields, zone: string, withMs = false): string {
  const milli = withMs ? `.${pad(f.milli, 3)}` : '';
  return `${dateText(f)} ${pad(f.h)}:${pad(f.mi)}:${pad(f.s)}${milli} ${zone}`;
}

/** Whether `ms` is a time a Date can hold (a finite number within ±8.64e15 ms). */
export const isTimeMs = (ms: number): boolean => Number.isFinite(ms) && !Number.isNaN(new Date(ms).getTime());

/**
 * Epoch ms in the one format, in UTC: "2026-11-26 12:10:27 UTC". A value that is no time (not a
 * number, beyond what a Date holds) is said to be so with its text, never thrown on
 * (`toISOString` throws a RangeError there).
 */
export function formatUtcTime(ms: number | string, withMs = false): string {
  const n = typeof ms === 'number' ? ms : /^-?\d{1,16}$/.test(ms.trim()) ? Number(ms) : NaN;
  if (!isTimeMs(n)) return `an unknown time (${String(ms).slice(0, 40)})`;
  return timeText(timeFields(n, 'utc'), 'UTC', withMs);
}

/** The last second `isoUtc` formatted, and its text up to the milliseconds ("2026-11-26T12:10:27."). */
let isoSecond = Number.NaN;
let isoPrefix = '';
/** Epoch ms from 1970 to the end of year 9999: the range whose ISO text has a 4-digit year. */
const ISO_FAST_END = 253_402_300_800_000;

/**
 * `new Date(ms).toISOString()`, the same text for every `ms` (and the same RangeError for one that
 * is no time), made cheaply for a run of times in one second: every request's history entry needs
 * one (bench 2), and a Date plus its ISO text cost several µs there. The calendar part is made
 * once per second; a time outside 1970–9999 or not a whole ms takes `toISOString` itself.
 */
export function isoUtc(ms: number): string {
  if (!(Number.isInteger(ms) && ms >= 0 && ms < ISO_FAST_END)) return new Date(ms).toISOString();
  const second = Math.floor(ms / 1000);
  if (second !== isoSecond) {
    isoPrefix = new Date(second * 1000).toISOString().slice(0, 20);
    isoSecond = second;
  }
  return `${isoPrefix}${pad(ms - second * 1000, 3)}Z`;
}
