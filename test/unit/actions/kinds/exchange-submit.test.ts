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

describe('the headline of an exchange answer', () => {
  const answer = (statuses: unknown[]) => ({ status: 'ok', response: { type: 'order', data: { statuses } } });
  const RESTING = { resting: { oid: 7 } };
  const ERROR = { error: 'Order has zero size.' };
  const UNKNOWN = (which: string, n: number, sent: number) =>
    `Outcome unknown: the exchange answered for ${n} of the ${sent} entries sent; ${which}. Do not send it again: check what the platform did first.`;

  it.each<[string, unknown, number | undefined, string, string]>([
    [
      'every entry ok',
      answer([RESTING, RESTING]),
      2,
      'done',
      'The exchange accepted it (2 of 2 entries ok).',
    ],
    [
      'an answer with no statuses',
      { status: 'ok', response: { type: 'default' } },
      undefined,
      'done',
      'The exchange accepted it.',
    ],
    [
      'one of two refused',
      answer([RESTING, ERROR]),
      2,
      'done',
      'Partly failed: the exchange refused 1 of 2 entries; the others went through.',
    ],
    [
      'every entry refused',
      answer([ERROR]),
      1,
      'refused',
      'Failed: the exchange refused it (every entry has an error).',
    ],
    [
      'the whole action refused',
      { status: 'err', response: 'Insufficient margin' },
      1,
      'refused',
      'Failed: the exchange refused it: Insufficient margin.',
    ],
    [
      'one entry unanswered',
      answer([RESTING]),
      2,
      'unknown',
      UNKNOWN('the fate of 1 entry is unknown', 1, 2),
    ],
    [
      'two entries unanswered',
      answer([RESTING]),
      3,
      'unknown',
      UNKNOWN('the fate of 2 entries are unknown', 1, 3),
    ],
    [
      'one status too many',
      answer([RESTING, RESTING]),
      1,
      'unknown',
      UNKNOWN('1 more status than entries came back, so none can be matched for sure', 2, 1),
    ],
    [
      'two statuses too many',
      answer([RESTING, RESTING, RESTING]),
      1,
      'unknown',
      UNKNOWN('2 more statuses than entries came back, so none can be matched for sure', 3, 1),
    ],
  ])('%s', (_name, value, entries, outcome, headline) => {
    const asked = entries === undefined ? undefined : { kind: 'exchange.submit' as const, entries };
    expect(exchangeSubmit.answered(value, asked)).toMatchObject({
      outcome,
      headline,
      status: 200,
      answer: value,
    });
  });
});
