/**
 * The order ticket's body builder (src/renderer/src/features/agent-wallets/order-ticket.ts): every
 * action type it has fields for gives byte for byte the JSON the composer's templates give; the
 * minimum order value and the asset's size decimals are refused at their field before anything is
 * prepared; the blotter's cancel and modify bodies; the confirmation's lines.
 */
import { describe, expect, it } from 'vitest';
import {
  template,
  validateActionText,
} from '../../../../src/renderer/src/features/agent-wallets/exchange-actions';
import {
  EMPTY_TICKET,
  actionLines,
  assetNamer,
  buildTicketAction,
  cancelBody,
  modifyBody,
  preparedLines,
  wireNumber,
  type TicketForm,
} from '../../../../src/renderer/src/features/agent-wallets/order-ticket';
import type { ExchangeAsset } from '../../../../src/shared/exchange-assets';
import type { ExchangeOrder } from '../../../../src/shared/exchange-actions';

const NOW = 1_800_000_000_000;
const ASSETS: ExchangeAsset[] = [
  { index: 0, name: 'BTC', szDecimals: 5 },
  { index: 1, name: 'ETH', szDecimals: 4, pxDecimals: 2 },
];
const CLOID = '0x1234567890abcdef1234567890abcdef';
const ticket = (over: Partial<TicketForm>): TicketForm => ({ ...EMPTY_TICKET, asset: 'BTC', ...over });
const build = (over: Partial<TicketForm>) => buildTicketAction(ticket(over), ASSETS, NOW);
const order = (over: Partial<ExchangeOrder> = {}): ExchangeOrder => ({
  a: 0,
  b: true,
  p: '30000',
  s: '0.01',
  r: false,
  t: { limit: { tif: 'Gtc' } },
  ...over,
});

describe('buildTicketAction: every action type, as the composer writes it', () => {
  it.each<[string, Partial<TicketForm>, unknown]>([
    ['order', { size: '0.01', price: '30000' }, template('order', NOW)],
    ['modify', { type: 'modify', oid: '123456789', size: '0.01', price: '30100' }, template('modify', NOW)],
    ['cancel', { type: 'cancel', oid: '123456789' }, template('cancel', NOW)],
    [
      'scheduleCancel in 10 minutes',
      { type: 'scheduleCancel', minutes: '10' },
      template('scheduleCancel', NOW),
    ],
  ])('%s gives the template’s exact JSON', (_name, over, want) => {
    const built = build(over);
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(JSON.stringify(built.action)).toBe(JSON.stringify(want));
  });

  it.each<[string, Partial<TicketForm>, unknown]>([
    [
      'a sell Ioc reduce-only order with a cloid, on ETH, written as the SDKs write numbers',
      {
        asset: 'eth',
        side: 'sell',
        size: '0.5000',
        price: '03000.50',
        tif: 'Ioc',
        reduceOnly: true,
        cloid: CLOID,
      },
      {
        type: 'order',
        orders: [{ a: 1, b: false, p: '3000.5', s: '0.5', r: true, t: { limit: { tif: 'Ioc' } }, c: CLOID }],
        grouping: 'na',
      },
    ],
    [
      'an Alo order',
      { size: '1', price: '62000', tif: 'Alo' },
      {
        type: 'order',
        orders: [order({ s: '1', p: '62000', t: { limit: { tif: 'Alo' } } })],
        grouping: 'na',
      },
    ],
    [
      'cancelByCloid',
      { type: 'cancelByCloid', cloid: CLOID },
      { type: 'cancelByCloid', cancels: [{ asset: 0, cloid: CLOID }] },
    ],
    [
      'modify by cloid',
      { type: 'modify', oid: CLOID, size: '0.02', price: '30000' },
      { type: 'modify', oid: CLOID, order: order({ s: '0.02' }) },
    ],
    [
      'scheduleCancel with no time (clears it)',
      { type: 'scheduleCancel', asset: '' },
      { type: 'scheduleCancel' },
    ],
  ])('%s', (_name, over, want) => {
    const built = build(over);
    expect(built).toMatchObject({ ok: true });
    if (!built.ok) return;
    expect(built.action).toEqual(want);
    // What the composer would accept for the same text: the main side parses with the same schema.
    expect(validateActionText(JSON.stringify(built.action))).toEqual({ ok: true, action: want });
  });
});

describe('buildTicketAction refuses before anything is prepared, at the field', () => {
  it('refuses an order below the 10 USD minimum, showing its notional and saying why', () => {
    const built = build({ size: '0.0001', price: '30000' });
    expect(built.ok).toBe(false);
    expect(built.notional).toBe('3');
    expect(!built.ok && built.errors.notional).toBe(
      "Refused before sending: the order's value is 3 USD (size 0.0001 × price 30000), below the exchange's minimum of 10 USD: the exchange would refuse it.",
    );
  });

  it('takes an order of exactly 10 USD, and computes the notional exactly', () => {
    expect(build({ size: '0.001', price: '10000' })).toMatchObject({ ok: true, notional: '10' });
    expect(build({ size: '0.00003', price: '333333.3' })).toMatchObject({ ok: false, notional: '9.999999' });
    expect(build({ asset: 'ETH', size: '0.1', price: '100.01' })).toMatchObject({
      ok: true,
      notional: '10.001',
    });
  });

  it('refuses a modify below the minimum too', () => {
    const built = build({ type: 'modify', oid: '7', size: '0.0001', price: '30000' });
    expect(!built.ok && built.errors.notional).toMatch(/below the exchange's minimum of 10 USD/);
  });

  it.each<[string, Partial<TicketForm>, Partial<Record<string, RegExp>>]>([
    [
      'more size decimals than the asset takes',
      { size: '0.000001', price: '30000000' },
      { size: /BTC sizes take at most 5 decimals/ },
    ],
    [
      'more price decimals than the table gives',
      { asset: 'ETH', size: '1', price: '3000.123' },
      { price: /ETH prices take at most 2 decimals/ },
    ],
    [
      'an asset not in the table',
      { asset: 'DOGE', size: '1', price: '30000' },
      { asset: /No asset named DOGE/ },
    ],
    ['no asset', { asset: '', type: 'cancel', oid: '1' }, { asset: /Choose the asset/ }],
    ['a size with a thousands separator', { size: '1,000', price: '1' }, { size: /plain decimal/ }],
    ['a zero price', { size: '1', price: '0.00' }, { price: /more than 0/ }],
    ['an empty size', { size: '', price: '1' }, { size: /Enter the size/ }],
    ['a bad cloid on an order', { size: '1', price: '30000', cloid: '0x12' }, { cloid: /32 hex digits/ }],
    ['a cancel without an order id', { type: 'cancel', oid: 'abc' }, { oid: /whole number/ }],
    ['an order id above 2^53', { type: 'cancel', oid: '9007199254740993' }, { oid: /above 2\^53.*cloid/ }],
    ['cancelByCloid without a cloid', { type: 'cancelByCloid', cloid: '' }, { cloid: /32 hex digits/ }],
    [
      'a modify of no order',
      { type: 'modify', oid: '', size: '1', price: '30000' },
      { oid: /whole number.*cloid/ },
    ],
    ['a schedule 0 minutes ahead', { type: 'scheduleCancel', minutes: '0' }, { minutes: /1 to 10080/ }],
  ])('refuses %s', (_name, over, want) => {
    const built = build(over);
    expect(built.ok).toBe(false);
    if (built.ok) return;
    for (const [field, says] of Object.entries(want))
      expect(built.errors[field as keyof typeof built.errors]).toMatch(says as RegExp);
  });
});

describe('cancelBody and modifyBody (a blotter row)', () => {
  it('cancels by oid, given as a number or as its digits, and by cloid', () => {
    const byOid = { ok: true, action: { type: 'cancel', cancels: [{ a: 5, o: 1000000001 }] } };
    expect(cancelBody(5, 1000000001)).toEqual(byOid);
    expect(cancelBody(5, '1000000001')).toEqual(byOid);
    expect(cancelBody(5, CLOID)).toEqual({
      ok: true,
      action: { type: 'cancelByCloid', cancels: [{ asset: 5, cloid: CLOID }] },
    });
    expect(cancelBody(5, '12345678901234567890')).toMatchObject({ ok: false, error: /above 2\^53/ });
  });

  it('modifies to a new order, refusing one below the minimum', () => {
    expect(modifyBody('42', order())).toEqual({
      ok: true,
      action: { type: 'modify', oid: 42, order: order() },
    });
    expect(modifyBody(42, order({ s: '0.0001' }))).toMatchObject({ ok: false, error: /minimum of 10 USD/ });
  });
});

describe('the confirmation’s lines', () => {
  const nameOf = assetNamer(ASSETS);
  it('lists each order as a line, grouped, with notional, time in force, reduce-only and cloid', () => {
    expect(
      actionLines(
        {
          type: 'order',
          grouping: 'na',
          orders: [
            order({ s: '0.5', p: '62000' }),
            order({ a: 1, b: false, s: '2', p: '3000', r: true, t: { limit: { tif: 'Ioc' } }, c: CLOID }),
            order({ a: 9, t: { trigger: { isMarket: true, triggerPx: '29000', tpsl: 'sl' } } }),
          ],
        },
        nameOf,
      ),
    ).toEqual([
      'BUY 0.5 BTC @ 62,000 GTC · notional 31,000',
      `SELL 2 ETH @ 3,000 IOC reduce-only · notional 6,000 · cloid ${CLOID}`,
      'BUY 0.01 asset 9 @ 30,000 trigger SL at 29,000 market · notional 300',
    ]);
  });

  it('lists cancels and modifies, and describes the other actions in one line', () => {
    expect(actionLines({ type: 'cancel', cancels: [{ a: 1, o: 7 }] }, nameOf)).toEqual(['CANCEL ETH oid 7']);
    expect(actionLines({ type: 'cancelByCloid', cancels: [{ asset: 0, cloid: CLOID }] }, nameOf)).toEqual([
      `CANCEL BTC cloid ${CLOID}`,
    ]);
    expect(actionLines({ type: 'modify', oid: 7, order: order() }, nameOf)).toEqual([
      'MODIFY 7 → BUY 0.01 BTC @ 30,000 GTC · notional 300',
    ]);
    expect(actionLines({ type: 'updateLeverage', asset: 0, isCross: true, leverage: 5 }, nameOf)).toEqual([
      'Leverage 5x on asset 0 (cross)',
    ]);
  });

  it('reads the lines back from the prepared body, and none from a body that is no exchange action', () => {
    const body = JSON.stringify({ action: template('order', NOW), nonce: NOW });
    expect(preparedLines(body, ASSETS)).toEqual(['BUY 0.01 BTC @ 30,000 GTC · notional 300']);
    expect(preparedLines('{"loanAllocationId":"a"}', ASSETS)).toBeUndefined();
    expect(preparedLines('{', ASSETS)).toBeUndefined();
    expect(preparedLines(null, ASSETS)).toBeUndefined();
  });

  it('writes numbers as the SDKs do', () => {
    expect(['0.50', '007', '62000.0', '0.000', '10'].map(wireNumber)).toEqual([
      '0.5',
      '7',
      '62000',
      '0',
      '10',
    ]);
  });
});
