/**
 * `exchange.submit` (src/main/actions/kinds/exchange-submit.ts): the main side is the authority on
 * the exchange's minimum order value. An order, a modify or a batchModify with an order below it is
 * refused before anything is built, naming the field; the same action at the minimum is built.
 */
import { describe, expect, it } from 'vitest';
import { exchangeSubmit } from '../../../../src/main/actions/kinds/exchange-submit';
import type { BuildContext } from '../../../../src/main/actions/kinds/kind-spec';
import type { PlatformClient } from '../../../../src/main/platform/client';
import type { InputOf } from '../../../../src/shared/actions';
import type { ExchangeAction, ExchangeOrder } from '../../../../src/shared/exchange-actions';

// The exchange kind reads nothing: a client that throws proves no request is made while building.
const context: BuildContext = {
  client: new Proxy({} as PlatformClient, {
    get: () => {
      throw new Error('the exchange kind must not read anything to build');
    },
  }),
  organizationId: 'org-1',
  nextNonce: () => 1_700_000_000_000,
};

const order = (s: string, p: string): ExchangeOrder => ({
  a: 0,
  b: true,
  p,
  s,
  r: false,
  t: { limit: { tif: 'Gtc' } },
});
const submit = (action: ExchangeAction): InputOf<'exchange.submit'> => ({ kind: 'exchange.submit', action });

describe('exchange.submit refuses an order below the minimum value', () => {
  it.each<[string, ExchangeAction, string]>([
    ['an order of 9.99 USD', { type: 'order', orders: [order('0.999', '10')], grouping: 'na' }, 'orders.0'],
    [
      'the second order of a batch',
      { type: 'order', orders: [order('1', '30000'), order('0.0001', '30000')], grouping: 'na' },
      'orders.1',
    ],
    ['a zero price', { type: 'order', orders: [order('1', '0')], grouping: 'na' }, 'orders.0'],
    ['a modify', { type: 'modify', oid: 7, order: order('0.0001', '62000') }, 'order'],
    [
      'a batchModify',
      {
        type: 'batchModify',
        modifies: [
          { oid: 7, order: order('1', '100') },
          { oid: 8, order: order('1', '9') },
        ],
      },
      'modifies.1.order',
    ],
  ])('%s: refused at the field, saying why, nothing built', async (_name, action, path) => {
    const built = await exchangeSubmit.build(context, submit(action));
    expect(built.ok).toBe(false);
    if (built.ok) return;
    expect(built.error.code).toBe('bad-input');
    expect(built.error.field).toBe(`action.${path}.s`);
    expect(built.error.message).toMatch(/below the exchange's minimum of 10 USD/);
  });

  it.each<[string, ExchangeAction]>([
    ['an order of exactly 10 USD', { type: 'order', orders: [order('0.001', '10000')], grouping: 'na' }],
    ['a modify at 31,000 USD', { type: 'modify', oid: 7, order: order('0.5', '62000') }],
    ['a cancel (no order in it)', { type: 'cancel', cancels: [{ a: 0, o: 1 }] }],
    ['a scheduleCancel', { type: 'scheduleCancel' }],
  ])('%s: built', async (_name, action) => {
    const built = await exchangeSubmit.build(context, submit(action));
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(JSON.parse(built.value.body ?? 'null')).toEqual({ action, nonce: 1_700_000_000_000 });
  });
});
