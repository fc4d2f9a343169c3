/**
 * Exchange composer logic: templates and validation before sending. Validation is the shared
 * schema (src/shared/exchange-actions.ts), so an operator sees "action.orders.0.p: must be…" before
 * anything leaves, and the main side refuses exactly the same things. The nonce is the main side's.
 */
import { exchangeAction, type ExchangeAction } from '@shared/exchange-actions';
import { parseJsonText } from '../../components/view-kit/json-text';

export const TEMPLATE_TYPES = ['order', 'cancel', 'modify', 'updateLeverage', 'scheduleCancel'] as const;
// No usdClassTransfer: a user-signed action the console cannot sign (userSignedRefusal says why).

export function template(type: (typeof TEMPLATE_TYPES)[number], nowMs: number): ExchangeAction {
  const limitOrder = {
    a: 0,
    b: true,
    p: '30000',
    s: '0.01',
    r: false,
    t: { limit: { tif: 'Gtc' as const } },
  };
  switch (type) {
    case 'order':
      return { type, orders: [limitOrder], grouping: 'na' };
    case 'cancel':
      return { type, cancels: [{ a: 0, o: 123456789 }] };
    case 'modify':
      return { type, oid: 123456789, order: { ...limitOrder, p: '30100' } };
    case 'updateLeverage':
      return { type, asset: 0, isCross: true, leverage: 5 };
    case 'scheduleCancel':
      // Hyperliquid requires the time at least 5 s ahead; 10 minutes leaves room to review.
      return { type, time: nowMs + 10 * 60_000 };
  }
}

export type Validation = { ok: true; action: ExchangeAction } | { ok: false; error: string };

/** Parses the composer's text with the shared schema the main side also applies. */
export function validateActionText(text: string): Validation {
  const check = parseJsonText(
    text,
    exchangeAction,
    (issue) =>
      `action${issue?.path.length ? '.' + issue.path.join('.') : ''}: ${issue?.message ?? 'invalid'}`,
  );
  return check.ok ? { ok: true, action: check.value } : { ok: false, error: check.message };
}
