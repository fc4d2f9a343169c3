/**
 * Timestamps arrive as strings: epoch milliseconds (loans, activities), unix seconds (agent
 * wallets' validUntil) or ISO (request history). They are shown in local time with the raw value
 * kept for the title attribute.
 */

import { timestampMs } from '@shared/sort-ranks';

/** Epoch ms, or null: the one reading of platform timestamps, shared with the main side's sort. */
export const parseTimestamp = timestampMs;

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Local time, ISO-like and fixed width so that columns align: 2025-03-04 17:05:09. */
export function formatLocal(ms: number | null, withMs = false): string {
  if (ms === null) return '';
  const d = new Date(ms);
  const base = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  return withMs ? `${base}.${pad(d.getMilliseconds(), 3)}` : base;
}

export function formatTimestamp(raw: unknown): string {
  const ms = parseTimestamp(raw);
  return ms === null ? (raw === null || raw === undefined ? '' : String(raw)) : formatLocal(ms);
}

/** Title text: raw value plus UTC, for when an operator compares with a platform log. */
export function timestampTitle(raw: unknown): string {
  const ms = parseTimestamp(raw);
  if (ms === null) return raw === null || raw === undefined ? '' : String(raw);
  return `${String(raw)} · ${new Date(ms).toISOString()}`;
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
