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
