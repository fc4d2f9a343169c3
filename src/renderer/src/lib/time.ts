/**
 * Timestamps arrive as strings: epoch milliseconds (loans, activities), unix seconds (agent
 * wallets' validUntil) or ISO (request history). They are shown in local time with the raw value
 * kept for the title attribute. The reading is @shared/timestamps, the same for every screen, the
 * tables' sort and the risk arithmetic.
 */

import { readTimestamp, timestampMs } from '@shared/timestamps';

/** Epoch ms, or null: the one reading of platform timestamps, shared with the main side's sort. */
export const parseTimestamp = timestampMs;
export { readTimestamp };

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Local time, ISO-like and fixed width so that columns align: 2025-03-04 17:05:09. */
export function formatLocal(ms: number | null, withMs = false): string {
  if (ms === null) return '';
  const d = new Date(ms);
  const base = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  return withMs ? `${base}.${pad(d.getMilliseconds(), 3)}` : base;
}

/** Local time, or the value as received when it is no time (never a guess through `Date.parse`). */
export function formatTimestamp(raw: unknown): string {
  const t = readTimestamp(raw);
  return t.ms === null ? t.raw : formatLocal(t.ms);
}

/** Title text: raw value plus UTC, and how it was read, for when an operator compares with a platform log. */
export function timestampTitle(raw: unknown): string {
  const t = readTimestamp(raw);
  if (t.ms === null) return t.problem === null ? t.raw : `${t.raw} · unreadable: ${t.problem}`;
  const how =
    t.guessed === 'seconds'
      ? ' · read as unix seconds (fewer than 12 digits)'
      : t.guessed === 'utc'
        ? ' · no zone given: read as UTC'
        : '';
  return `${t.raw} · ${new Date(t.ms).toISOString()}${how}`;
}

/** "3d 4h", "12m 5s", "expired 2h ago". */
export function formatRemaining(targetMs: number, nowMs: number): string {
  const diff = targetMs - nowMs;
  const abs = Math.abs(diff);
  const s = Math.floor(abs / 1000);
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const text = d > 0 ? `${d}d ${h}h` : h > 0 ? `${h}h ${m}m` : m > 0 ? `${m}m ${s % 60}s` : `${s % 60}s`;
  return diff >= 0 ? text : `expired ${text} ago`;
}

/** `<input type="datetime-local">` value → epoch ms string, or undefined when empty/invalid. */
export function localInputToEpochMs(value: string): string | undefined {
  if (value === '') return undefined;
  const t = new Date(value).getTime();
  return Number.isNaN(t) ? undefined : String(t);
}

export function epochMsToLocalInput(ms: string | undefined): string {
  if (ms === undefined) return '';
  const n = parseTimestamp(ms);
  if (n === null) return '';
  const d = new Date(n);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
