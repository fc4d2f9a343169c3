/**
 * Injected faults: make a matching signed request lose, delay or replace its answer after the
 * operation took effect, or fail before it does. Tests use them to produce the "outcome unknown"
 * cases a real network produces (a timeout after sending, a dropped connection, a 5xx).
 */
import { randomUUID } from 'node:crypto';
import type { JsonObjectBody } from '../body';
import { z } from 'zod';
import { conflict } from '../errors';
import { parseOr400 } from '../validation';

export const FAULT_MODES = [
  'drop-after-commit',
  'delay-after-commit',
  '500-after-commit',
  '500-before-commit',
] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

export const FAULT_METHODS = ['GET', 'POST', 'PATCH'] as const;
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

const whole = (min: number, max: number, what: string) => {
  const wrong = `must be an integer from ${min} to ${max}${what}`;
  return z.number(wrong).int(wrong).min(min, wrong).max(max, wrong);
};

const faultBody = z
  .strictObject({
    method: z.enum(FAULT_METHODS, `must be one of ${FAULT_METHODS.join(', ')} (upper case)`),
    pathPrefix: z
      .string('must be a path below /platform starting with "/", e.g. "/organizations/"')
      .max(500, 'must be at most 500 characters')
      .startsWith('/', 'must be a path below /platform starting with "/", e.g. "/organizations/"')
      .refine(
        (p) => p !== '/platform' && !p.startsWith('/platform/'),
        'is relative to /platform: write "/organizations/", not "/platform/organizations/"',
      ),
    mode: z.enum(FAULT_MODES, `must be one of ${FAULT_MODES.join(', ')}`),
    delayMs: whole(1, MAX_FAULT_DELAY_MS, ' for delay-after-commit').optional(),
    times: whole(1, MAX_TIMES, ' (default 1)').optional(),
  })
  .superRefine((f, ctx) => {
    if (f.mode === 'delay-after-commit' && f.delayMs === undefined)
      ctx.addIssue({ code: 'custom', path: ['delayMs'], message: 'is required for delay-after-commit' });
    if (f.mode !== 'delay-after-commit' && f.delayMs !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['delayMs'],
        message: `applies only to delay-after-commit, not to ${f.mode}`,
      });
  });

export function parseFault(body: JsonObjectBody): Omit<Fault, 'faultId'> {
  const f = parseOr400(faultBody, body, {
    expected: 'a fault has method, pathPrefix, mode, delayMs, times',
  });
  return {
    method: f.method,
    pathPrefix: f.pathPrefix,
    mode: f.mode,
    delayMs: f.delayMs ?? null,
    timesLeft: f.times ?? 1,
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
    if (this.faults.length === 0) return undefined; // every request asks: no search, no closure
    const i = this.faults.findIndex((f) => f.method === method && path.startsWith(f.pathPrefix));
    const fault = this.faults[i];
    if (fault === undefined) return undefined;
    fault.timesLeft--;
    if (fault.timesLeft <= 0) this.faults.splice(i, 1);
    return { ...fault };
  }
}
