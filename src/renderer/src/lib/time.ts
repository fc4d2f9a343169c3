/**
 * Timestamps arrive as strings: epoch milliseconds (loans, activities), unix seconds (agent
 * wallets' validUntil) or ISO (request history). They are shown in ONE format with the zone
 * written out (UTC, or local time with its offset: the operator's preference), the raw value kept
 * for the title attribute. The reading is @shared/timestamps, the same for every screen, the
 * tables' sort and the risk arithmetic.
 */

import { readTimestamp, timestampMs } from '@shared/timestamps';
import { dateText, timeFields, timeText } from '@shared/time-text';
import { capText } from './decimal';

/** Epoch ms, or null: the one reading of platform timestamps, shared with the main side's sort. */
export const parseTimestamp = timestampMs;
export { readTimestamp };

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** How times are shown: in UTC, or in this machine's zone with its offset. */
export type TimeZonePref = 'utc' | 'local';
export const TIME_ZONE_PREFS: readonly TimeZonePref[] = ['utc', 'local'];
export const DEFAULT_TIME_ZONE: TimeZonePref = 'utc';
export const TIME_ZONE_LABELS: Record<TimeZonePref, string> = {
  utc: 'UTC',
  local: 'Local time (with its UTC offset)',
};

/** "UTC+01:00", "UTC-05:30", "UTC+00:00": the local zone's offset at `ms`. */
export function utcOffsetLabel(ms: number): string {
  const minutes = -new Date(ms).getTimezoneOffset();
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** "2026-11-26" in the chosen zone (the date inputs' ISO format). */
export function formatDate(ms: number, zone: TimeZonePref): string {
  return dateText(timeFields(ms, zone));
}

/**
 * The console's one time format (@shared/time-text, the same text as the main side's messages):
 * "2026-11-26 12:10:27 UTC", or "2026-11-26 13:10:27 UTC+01:00" in local time. Fixed width so that
 * columns align. `withMs` adds ".762" after the seconds.
 */
export function formatTime(ms: number, zone: TimeZonePref, withMs = false): string {
  return timeText(timeFields(ms, zone), zone === 'utc' ? 'UTC' : utcOffsetLabel(ms), withMs);
}

/**
 * Any value the platform sent where a time is due (epoch ms or seconds, ISO text, a JSON number),
 * in the one format; a value that is no time comes back as sent (capped); missing: "—".
 */
export function formatTimeValue(raw: unknown, zone: TimeZonePref, withMs = false): string {
  if (raw === null || raw === undefined || raw === '') return '—';
  const t = readTimestamp(raw);
  return t.ms === null ? capText(t.raw, 60) : formatTime(t.ms, zone, withMs);
}

let active: TimeZonePref = DEFAULT_TIME_ZONE;
/** The zone the operator chose (state/ui-state-store.ts sets it), for text built outside React. */
export const activeTimeZone = (): TimeZonePref => active;
export function setActiveTimeZone(zone: TimeZonePref): void {
  active = zone;
}

/**
 * The one time format in the chosen zone, or the value as received when it is no time (never a
 * guess through `Date.parse`); '' when missing. For React, `<Timestamp>` re-renders on a switch.
 */
export function formatTimestamp(raw: unknown): string {
  const t = readTimestamp(raw);
  return t.ms === null ? t.raw : formatTime(t.ms, active);
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

/**
 * The console's one duration format (issue 28): the two largest units, spaced, a zero second unit
 * left out: "2 d 4 h", "3 h", "3 h 5 min", "4 min 10 s", "18 s". Never signed: what a negative span
 * means is the caller's to say (`formatCountdown`, `describeAge`). Unknown or unreadable: "—".
 * Display only: the ms string goes through a JS number, whole seconds down.
 */
export function formatDuration(ms: number | string | null | undefined): string {
  if (ms === null || ms === undefined || ms === '') return '—';
  const n = Math.abs(Number(ms));
  if (!Number.isFinite(n)) return '—';
  const s = Math.floor(n / 1000);
  const units: [number, string][] = [
    [Math.floor(s / 86_400), 'd'],
    [Math.floor((s % 86_400) / 3600), 'h'],
    [Math.floor((s % 3600) / 60), 'min'],
    [s % 60, 's'],
  ];
  const first = units.findIndex(([v]) => v > 0);
  if (first < 0) return '0 s';
  const [big, bigUnit] = units[first] as [number, string];
  const next = units[first + 1];
  return next !== undefined && next[0] > 0 ? `${big} ${bigUnit} ${next[0]} ${next[1]}` : `${big} ${bigUnit}`;
}

/** Time left: "2 h 5 min"; once passed, "expired 3 h ago" (never a negative figure). */
export function formatCountdown(remainingMs: number | string | null | undefined): string {
  if (remainingMs === null || remainingMs === undefined || remainingMs === '') return '—';
  const n = Number(remainingMs);
  if (!Number.isFinite(n)) return '—';
  return n >= 0 ? formatDuration(n) : `expired ${formatDuration(-n)} ago`;
}

/** "3 d 4 h" until `targetMs`, or "expired 2 h ago". */
export function formatRemaining(targetMs: number, nowMs: number): string {
  return formatCountdown(targetMs - nowMs);
}

/** Ages below this are rounding, not skew: "0 s". */
const SKEW_TOLERANCE_MS = 1000;

/**
 * An age ("18 s" since the platform's time): a negative one means the platform's clock is ahead of
 * this machine's, so it is flagged instead of shown as "-18 s".
 */
export function describeAge(ageMs: number | string | null | undefined): {
  text: string;
  skew: string | null;
} {
  const n = ageMs === null || ageMs === undefined || ageMs === '' ? NaN : Number(ageMs);
  if (!Number.isFinite(n)) return { text: '—', skew: null };
  if (n > -SKEW_TOLERANCE_MS) return { text: formatDuration(Math.max(0, n)), skew: null };
  return {
    text: 'clock skew',
    skew: `clock skew: the platform’s time is ahead of this machine by ${formatDuration(-n)}`,
  };
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

/** The units a duration setting is typed in, with their size in ms. */
export const DURATION_UNITS = { s: 1000, min: 60_000, h: 3_600_000 } as const;
export type DurationUnit = keyof typeof DURATION_UNITS;
export const DURATION_UNIT_NAMES: Record<DurationUnit, string> = { s: 'seconds', min: 'minutes', h: 'hours' };

/** A setting in ms as the operator reads it: the largest unit that holds it whole (21600000 → 6 h). */
export function splitDuration(
  ms: number,
  units: readonly DurationUnit[],
): { amount: string; unit: DurationUnit } {
  const fit = [...units]
    .sort((a, b) => DURATION_UNITS[b] - DURATION_UNITS[a])
    .find((u) => ms % DURATION_UNITS[u] === 0);
  const unit = fit ?? 's';
  return { amount: String(ms / DURATION_UNITS[unit]), unit };
}

/** "6" hours → 21600000; anything but a whole number (up to 7 digits) → null. */
export function durationMs(amount: string, unit: DurationUnit): number | null {
  const text = amount.trim();
  return /^\d{1,7}$/.test(text) ? Number(text) * DURATION_UNITS[unit] : null;
}
