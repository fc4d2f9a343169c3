/**
 * Injected faults: make a matching signed request lose, delay or replace its answer after the
 * operation took effect, or fail before it does. Tests use them to produce the "outcome unknown"
 * cases a real network produces (a timeout after sending, a dropped connection, a 5xx).
 */
import { randomUUID } from 'node:crypto';
import type { JsonObjectBody } from '../body';
import { badRequest, conflict } from '../errors';

export const FAULT_MODES = [
  'drop-after-commit',
  'delay-after-commit',
  '500-after-commit',
  '500-before-commit',
] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

export const FAULT_METHODS = ['GET', 'POST', 'PATCH'] as const;
const FIELDS = new Set(['method', 'pathPrefix', 'mode', 'delayMs', 'times']);
const MAX_FAULTS = 100;
export const MAX_FAULT_DELAY_MS = 600_000;
const MAX_TIMES = 10_000;

export interface Fault {
  faultId: string;
  method: (typeof FAULT_METHODS)[number];
  /** Relative to `/platform`, e.g. `/organizations/`. */
  pathPrefix: string;
  mode: FaultMode;
  /** Only for `delay-after-commit`. */
  delayMs: number | null;
  /** How many more matching requests this fault applies to. */
  timesLeft: number;
}

const isInt = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

export function parseFault(body: JsonObjectBody): Omit<Fault, 'faultId'> {
  const unknown = Object.keys(body).filter((k) => !FIELDS.has(k));
  if (unknown.length > 0)
    throw badRequest(
      `unknown field(s) ${unknown.map((k) => JSON.stringify(k.slice(0, 60))).join(', ')}; a fault has method, pathPrefix, mode, delayMs, times`,
    );
  const { method, pathPrefix, mode, delayMs, times } = body;
  if (typeof method !== 'string' || !(FAULT_METHODS as readonly string[]).includes(method))
    throw badRequest(`method must be one of ${FAULT_METHODS.join(', ')} (upper case)`);
  if (typeof pathPrefix !== 'string' || !pathPrefix.startsWith('/') || pathPrefix.length > 500)
    throw badRequest('pathPrefix must be a path below /platform starting with "/", e.g. "/organizations/"');
  if (pathPrefix === '/platform' || pathPrefix.startsWith('/platform/'))
    throw badRequest(
      'pathPrefix is relative to /platform: write "/organizations/", not "/platform/organizations/"',
    );
  if (typeof mode !== 'string' || !(FAULT_MODES as readonly string[]).includes(mode))
    throw badRequest(`mode must be one of ${FAULT_MODES.join(', ')}`);
  if (mode === 'delay-after-commit') {
    if (!isInt(delayMs, 1, MAX_FAULT_DELAY_MS))
      throw badRequest(`delayMs must be an integer from 1 to ${MAX_FAULT_DELAY_MS} for delay-after-commit`);
  } else if (delayMs !== undefined) {
    throw badRequest(`delayMs applies only to delay-after-commit, not to ${mode}`);
  }
  if (times !== undefined && !isInt(times, 1, MAX_TIMES))
    throw badRequest(`times must be an integer from 1 to ${MAX_TIMES} (default 1)`);
  return {
    method: method as Fault['method'],
    pathPrefix,
    mode: mode as FaultMode,
    delayMs: mode === 'delay-after-commit' ? (delayMs as number) : null,
    timesLeft: (times as number | undefined) ?? 1,
  };
}

export class FaultTable {
  private faults: Fault[] = [];

  add(input: Omit<Fault, 'faultId'>): Fault {
    if (this.faults.length >= MAX_FAULTS)
      throw conflict(`at most ${MAX_FAULTS} faults; DELETE /sandbox/faults first`);
    const fault = { ...input, faultId: randomUUID() };
    this.faults.push(fault);
    return { ...fault };
  }

  list(): Fault[] {
    return this.faults.map((f) => ({ ...f }));
  }

  clear(): number {
    const n = this.faults.length;
    this.faults = [];
    return n;
  }

  /** The first fault (in the order added) matching the request; counts it down. */
  take(method: string, path: string): Fault | undefined {
    const i = this.faults.findIndex((f) => f.method === method && path.startsWith(f.pathPrefix));
    const fault = this.faults[i];
    if (fault === undefined) return undefined;
    fault.timesLeft--;
    if (fault.timesLeft <= 0) this.faults.splice(i, 1);
    return { ...fault };
  }
}
