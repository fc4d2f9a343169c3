/**
 * `POST /exchange` actions as the sandbox reads Hyperliquid's endpoint (src/sandbox/schemas/exchange.ts).
 */
import { describe, expect, it } from 'vitest';
import { hlAction } from '../../../../src/sandbox/schemas/exchange';

const order = { a: 0, b: true, p: '30000', s: '0.1', r: false, t: { limit: { tif: 'Gtc' } } };
const firstProblem = (action: unknown) => {
  const r = hlAction.safeParse(action);
  return r.success ? 'ok' : `${r.error.issues[0]?.path.join('.')}: ${r.error.issues[0]?.message}`;
};

describe('exchange actions', () => {
  it.each([
    { type: 'order', orders: [order], grouping: 'na' },
    {
      type: 'order',
      orders: [{ ...order, t: { trigger: { isMarket: true, triggerPx: '29000', tpsl: 'sl' } } }],
      grouping: 'normalTpsl',
    },
    { type: 'cancel', cancels: [{ a: 0, o: 123 }] },
    { type: 'cancelByCloid', cancels: [{ asset: 0, cloid: `0x${'ab'.repeat(16)}` }] },
    { type: 'modify', oid: 123, order },
    { type: 'batchModify', modifies: [{ oid: `0x${'ab'.repeat(16)}`, order }] },
    { type: 'updateLeverage', asset: 1, isCross: false, leverage: 5 },
    { type: 'updateIsolatedMargin', asset: 1, isBuy: true, ntli: -1000 },
    { type: 'scheduleCancel' },
    {
      type: 'usdClassTransfer',
      amount: '100',
      toPerp: true,
      signatureChainId: '0xa4b1',
      hyperliquidChain: 'Mainnet',
      nonce: 1750000000000,
    },
  ])('accepts %j', (action) => {
    expect(firstProblem(action)).toBe('ok');
  });

  it('requires the user-signed fields of usdClassTransfer (platform-facts, third round)', () => {
    expect(firstProblem({ type: 'usdClassTransfer', amount: '100', toPerp: true })).toMatch(
      /^signatureChainId: /,
    );
    expect(
      firstProblem({
        type: 'usdClassTransfer',
        amount: '100',
        toPerp: true,
        signatureChainId: '0xa4b1',
        hyperliquidChain: 'Devnet',
        nonce: 1,
      }),
    ).toBe('hyperliquidChain: must be Mainnet or Testnet');
  });

  it.each([
    [
      { type: 'order', orders: [{ ...order, p: '3e4' }], grouping: 'na' },
      'orders.0.p: must be a decimal string such as "0.01" (no sign or exponent)',
    ],
    [{ type: 'order', orders: [], grouping: 'na' }, 'orders: must have at least one entry'],
    [
      { type: 'cancel', cancels: [{ a: 0, o: 2 ** 53 + 2 }] },
      'cancels.0.o: is above 2^53: the sandbox cannot read it exactly',
    ],
    [
      { type: 'cancelByCloid', cancels: [{ asset: 0, cloid: '0x12' }] },
      'cancels.0.cloid: must be a cloid: 0x and 32 hex digits',
    ],
    [{ type: 'updateLeverage', asset: 0, isCross: true, leverage: 0 }, 'leverage: must be 1 or more'],
    [{ type: 'order', orders: [{ ...order, x: 1 }], grouping: 'na' }, 'orders.0: Unrecognized key: "x"'],
  ])('refuses %j', (action, problem) => {
    expect(firstProblem(action)).toBe(problem);
  });
});
