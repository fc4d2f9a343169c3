/**
 * A stress's shock as the operator types it (issue 28, item 2; the stress itself: ./risk-stress.ts):
 * its kind and X, a percentage checked before anything is computed, with a message that says what
 * to write instead.
 */
import { Exact } from './decimal';

export const SHOCK_KINDS = ['collateral-falls', 'asset-rises', 'currency-falls'] as const;
export type ShockKind = (typeof SHOCK_KINDS)[number];

export interface Shock {
  kind: ShockKind;
  /** X, a decimal string, checked by `readShock`. */
  percent: string;
  /** The falling currency ("currency-falls" only). */
  currency?: string;
}

const PERCENT = /^\d{1,4}(\.\d{1,6})?$/;
const MAX_RISE = 1000;

export type ShockRead = { ok: true; shock: Shock } | { ok: false; message: string };

/** X as the operator typed it: a decimal, 0 < X < 100 for a fall, 0 < X ≤ 1000 for a rise. */
export function readShock(kind: ShockKind, text: string, currency?: string): ShockRead {
  const t = text.trim();
  if (t === '') return { ok: false, message: 'Enter a percentage, such as 10 or 12.5.' };
  if (!PERCENT.test(t))
    return {
      ok: false,
      message: `“${text.slice(0, 40)}” is not a percentage: digits and at most one dot, such as 12.5 (up to 6 decimals).`,
    };
  const x = new Exact(t);
  if (x.isZero()) return { ok: false, message: 'The percentage must be more than 0.' };
  if (kind === 'asset-rises' && x.gt(MAX_RISE))
    return { ok: false, message: `A rise is at most ${MAX_RISE} %.` };
  if (kind !== 'asset-rises' && x.gte(100))
    return {
      ok: false,
      message: 'A fall must be less than 100 % (at 100 % the collateral would be worth nothing).',
    };
  if (kind !== 'currency-falls') return { ok: true, shock: { kind, percent: x.toFixed() } };
  if (currency === undefined || currency === '')
    return { ok: false, message: 'Choose the asset that falls.' };
  return { ok: true, shock: { kind, percent: x.toFixed(), currency } };
}
