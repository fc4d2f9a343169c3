/**
 * Small shared helpers that no other test pins (found by mutation testing): the tab registry's
 * guard, the sandbox quirks' error text, and how an exchange answer is read and an action
 * described for the confirmation.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_AMOUNT_DECIMALS, amountProblem, positiveAmount } from '../../../src/shared/amounts';
import { describeExchangeAction, readExchangeAnswer } from '../../../src/shared/exchange-actions';
import { describeQuirksError, sandboxQuirksSchema } from '../../../src/shared/sandbox-quirks';
import { ALL_TABS, DATA_TABS, DEFAULT_TAB, SETTINGS_TAB, isTabId } from '../../../src/shared/tabs';

describe('tabs', () => {
  it('knows every tab id and nothing else', () => {
    for (const tab of ALL_TABS) expect(isTabId(tab.id), tab.id).toBe(true);
    expect(ALL_TABS).toHaveLength(DATA_TABS.length + 1);
    expect(ALL_TABS.at(-1)).toEqual(SETTINGS_TAB);
    expect(isTabId(DEFAULT_TAB)).toBe(true);
    expect(DEFAULT_TAB).toBe(DATA_TABS[0].id);
    for (const v of ['', 'nope', 'Loans', 1, null, undefined, { id: 'loans' }])
      expect(isTabId(v)).toBe(false);
  });
});

describe('describeQuirksError', () => {
  it('names each refused field by its path, and the object itself when there is none', () => {
    const bad = sandboxQuirksSchema.safeParse({ pageCap: 0, retryAfter: { seconds: 1, every: 0 } });
    expect(bad.success).toBe(false);
    const text = bad.success ? '' : describeQuirksError(bad.error);
    expect(text.split('; ').map((part) => part.split(':')[0])).toEqual(['pageCap', 'retryAfter.every']);
    const top = z.strictObject({}).safeParse('x');
    expect(top.success ? '' : describeQuirksError(top.error)).toMatch(/^\(quirks\): \S/);
  });
});

describe('readExchangeAnswer', () => {
  it('reads every kind of status entry', () => {
    const answer = {
      status: 'ok',
      response: {
        type: 'order',
        data: {
          statuses: [
            'success',
            { resting: { oid: 7, cloid: '0xabc' } },
            { resting: { oid: 8 } },
            { filled: { oid: 9, totalSz: '0.5', avgPx: '101.5' } },
            { error: 'Insufficient margin' },
            'waitingForFill',
            { something: true },
            null,
          ],
        },
      },
    };
    expect(readExchangeAnswer(answer)).toEqual({
      verdict: 'partly-failed',
      statuses: [
        { kind: 'success' },
        { kind: 'resting', oid: '7', cloid: '0xabc' },
        { kind: 'resting', oid: '8' },
        { kind: 'filled', oid: '9', totalSz: '0.5', avgPx: '101.5' },
        { kind: 'error', message: 'Insufficient margin' },
        { kind: 'other', raw: 'waitingForFill' },
        { kind: 'other', raw: '{"something":true}' },
        { kind: 'other', raw: 'null' },
      ],
    });
  });
  it('calls it all-ok, failed, or refused as a whole', () => {
    expect(readExchangeAnswer({ status: 'ok', response: { data: { statuses: ['success'] } } }).verdict).toBe(
      'all-ok',
    );
    expect(
      readExchangeAnswer({ status: 'ok', response: { data: { statuses: [{ error: 'x' }] } } }).verdict,
    ).toBe('failed');
    expect(readExchangeAnswer({ status: 'ok', response: { type: 'default' } })).toEqual({
      verdict: 'all-ok',
      statuses: [],
    });
    expect(readExchangeAnswer({ status: 'ok', response: { data: { statuses: 'x' } } }).statuses).toEqual([]);
    expect(readExchangeAnswer({ status: 'err', response: 'Order must have minimum value' })).toEqual({
      verdict: 'failed',
      message: 'Order must have minimum value',
      statuses: [],
    });
    expect(readExchangeAnswer('nonsense')).toEqual({
      verdict: 'failed',
      message: 'the exchange refused the action',
      statuses: [],
    });
    expect(readExchangeAnswer({ status: 'err', response: 42 }).message).toBe('42');
    expect(readExchangeAnswer({ status: 'err', response: false }).message).toBe('false');
  });
});

describe('describeExchangeAction', () => {
  it('says in one line what each action does', () => {
    const lines = [
      describeExchangeAction({
        type: 'order',
        orders: [
          { a: 4, b: true, p: '1100', s: '0.2', r: false, t: { limit: { tif: 'Gtc' } } },
          { a: 5, b: false, p: '9', s: '3', r: false, t: { limit: { tif: 'Ioc' } } },
        ],
        grouping: 'na',
      }),
      describeExchangeAction({ type: 'cancel', cancels: [{ a: 4, o: 1 }] }),
      describeExchangeAction({
        type: 'cancelByCloid',
        cancels: [{ asset: 4, cloid: '0x' + '1'.repeat(32) }],
      }),
      describeExchangeAction({
        type: 'modify',
        oid: 77,
        order: { a: 4, b: true, p: '1', s: '1', r: false, t: { limit: { tif: 'Gtc' } } },
      }),
      describeExchangeAction({ type: 'updateLeverage', asset: 4, isCross: true, leverage: 5 }),
      describeExchangeAction({ type: 'updateLeverage', asset: 4, isCross: false, leverage: 2 }),
      describeExchangeAction({ type: 'updateIsolatedMargin', asset: 4, isBuy: true, ntli: 1000 }),
      describeExchangeAction({ type: 'updateIsolatedMargin', asset: 4, isBuy: false, ntli: 5 }),
      describeExchangeAction({ type: 'scheduleCancel' }),
      describeExchangeAction({ type: 'scheduleCancel', time: Date.UTC(2026, 10, 23, 12) }),
    ];
    expect(lines).toEqual([
      'BUY 0.2 @ 1100 (asset 4); SELL 3 @ 9 (asset 5)',
      'Cancel 1 order(s)',
      'Cancel 1 order(s)',
      'Modify order 77',
      'Leverage 5x on asset 4 (cross)',
      'Leverage 2x on asset 4 (isolated)',
      'Isolated margin 1000 on asset 4 (long)',
      'Isolated margin 5 on asset 4 (short)',
      'Clear the scheduled cancel',
      'Cancel all orders at 2026-11-23T12:00:00.000Z',
    ]);
  });
});

describe('amountProblem messages', () => {
  it('blames a sign or 0x only at the start, and counts decimals only of a plain decimal', () => {
    const shape = 'must be a decimal number such as 1250.5';
    const many = '1'.repeat(MAX_AMOUNT_DECIMALS + 1);
    expect(amountProblem('12-3')).toBe(shape);
    expect(amountProblem('10x1')).toBe(shape);
    expect(amountProblem(`1.${many}a`)).toBe(shape);
    expect(amountProblem(`a1.${many}`)).toBe(shape);
    expect(amountProblem(`12.${many}`)).toBe(`has more than ${MAX_AMOUNT_DECIMALS} decimals`);
  });
  it('carries the reason into the schema issue', () => {
    const parsed = positiveAmount.safeParse('-1');
    expect(parsed.success ? [] : parsed.error.issues.map((i) => i.message)).toEqual([
      'must be a plain positive number, without a sign',
    ]);
  });
});
