/**
 * The envelope checks on the platform's answers (src/main/platform/shape.ts): what each accepts,
 * what it says about what it refuses, and how the rows are picked out afterwards.
 */
import { describe, expect, it } from 'vitest';
import {
  agentWalletsAnswer,
  agentWalletsOf,
  arrayField,
  clearLoopAnswer,
  exchangeAnswer,
  isObject,
  jsonObject,
  listOf,
  loanObject,
  numbersFor,
  paginationOf,
} from '../../../src/main/platform/shape';

describe('answer shapes', () => {
  it('isObject: a plain JSON object only', () => {
    expect([{}, { a: 1 }].map(isObject)).toEqual([true, true]);
    expect([null, [], 'x', 1, undefined].map(isObject)).toEqual([false, false, false, false, false]);
  });

  it('arrayField: the list where the specification puts it, a bare list only when allowed', () => {
    const loans = arrayField('loans');
    expect(loans({ loans: [] })).toBeNull();
    expect(loans([])).toBe('expected an object with "loans"');
    expect(loans(null)).toBe('expected an object with "loans"');
    expect(loans({ loans: {} })).toBe('"loans" is not a list');
    expect(loans({})).toBe('"loans" is not a list');
    const either = arrayField('wallets', true);
    expect(either([])).toBeNull();
    expect(either({ wallets: [1] })).toBeNull();
    expect(either('x')).toBe('expected an object with "wallets"');
    expect(clearLoopAnswer({ actions: [] })).toBeNull();
    expect(clearLoopAnswer({ actions: null })).toBe('"actions" is not a list');
  });

  it('listOf picks the rows out of either form', () => {
    expect(listOf([1, 2], 'loans')).toEqual([1, 2]);
    expect(listOf({ loans: [3] }, 'loans')).toEqual([3]);
  });

  it('jsonObject and loanObject', () => {
    expect(jsonObject({})).toBeNull();
    expect(jsonObject([])).toBe('expected a JSON object');
    expect(loanObject({ loanId: 'l-1' })).toBeNull();
    expect(loanObject({ loanId: 1 })).toBe('expected a loan with a "loanId"');
    expect(loanObject(null)).toBe('expected a loan with a "loanId"');
  });

  it("exchangeAnswer: Hyperliquid's ok and err forms and nothing else", () => {
    expect(exchangeAnswer({ status: 'ok', response: { type: 'order' } })).toBeNull();
    expect(exchangeAnswer({ status: 'ok', response: 'x' })).toBe(
      '"response" of an ok answer is not an object',
    );
    expect(exchangeAnswer({ status: 'err', response: 'Insufficient margin' })).toBeNull();
    expect(exchangeAnswer({ status: 'err', response: {} })).toBe('"response" of an err answer is not text');
    expect(exchangeAnswer({ status: 'maybe', response: {} })).toBe('"status" is neither "ok" nor "err"');
    expect(exchangeAnswer('ok')).toBe('expected a JSON object');
  });

  it('paginationOf: the object when there is one, else empty', () => {
    expect(paginationOf({ pagination: { page: '1' } })).toEqual({ page: '1' });
    expect(paginationOf({ pagination: 'wrong' })).toEqual({});
    expect(paginationOf({})).toEqual({});
  });

  it('agentWalletsAnswer: every form the specification allows, with a reason for the rest', () => {
    expect(agentWalletsAnswer([])).toBeNull();
    expect(agentWalletsAnswer({ agentWallets: [] })).toBeNull();
    expect(agentWalletsAnswer({ data: [] })).toBeNull();
    expect(agentWalletsAnswer({ id: 'aw-1' })).toBeNull();
    expect(agentWalletsAnswer({ address: '0xabc' })).toBeNull();
    expect(agentWalletsAnswer('x')).toBe('expected agent wallets: a list, or an object holding one');
    expect(agentWalletsAnswer({ agentWallets: {} })).toBe('"agentWallets" is not a list');
    expect(agentWalletsAnswer({ data: 'x', id: 'aw-1' })).toBe('"data" is not a list');
    expect(agentWalletsAnswer({ id: 1, address: 2 })).toBe(
      'expected a list of agent wallets, an object holding one, or one agent wallet',
    );
  });

  it('agentWalletsAnswer: any single key holding a list of objects; two are refused by name (issue 25.7)', () => {
    expect(agentWalletsAnswer({ wallets: [{ id: 'aw-1' }], total: '1' })).toBeNull();
    expect(agentWalletsAnswer({ items: [null, { id: 'aw-1' }] })).toBeNull();
    expect(agentWalletsAnswer({ wallets: [], agentWallets: [] })).toBe(
      'more than one list ("wallets", "agentWallets"): which one holds the agent wallets is not clear',
    );
    // One wallet with a list of strings is still one wallet, not a wrapper.
    expect(agentWalletsAnswer({ id: 'aw-1', tags: ['hot'] })).toBeNull();
  });

  it('agentWalletsOf picks the rows out of each form and says which key held them', () => {
    const row = { id: 'aw-1' };
    expect(agentWalletsOf([row])).toEqual({ rows: [row], readFrom: null });
    expect(agentWalletsOf({ agentWallets: [row] })).toEqual({ rows: [row], readFrom: 'agentWallets' });
    expect(agentWalletsOf({ data: [row] })).toEqual({ rows: [row], readFrom: 'data' });
    expect(agentWalletsOf({ wallets: [row], count: '1' })).toEqual({ rows: [row], readFrom: 'wallets' });
    expect(agentWalletsOf({ ...row, tags: ['hot'] })).toEqual({
      rows: [{ ...row, tags: ['hot'] }],
      readFrom: null,
    });
  });

  it('paginationOf gives a count sent as a JSON number as its digits, the form the spec promises', () => {
    const pagination = { totalItems: { jsonNumber: '12' }, page: '1', pages: { jsonNumber: '3' } };
    expect(paginationOf({ pagination })).toEqual({ totalItems: '12', page: '1', pages: '3' });
  });

  it('numbersFor: exact numbers for the exchange, strings for the platform', () => {
    expect(numbersFor(exchangeAnswer)).toBe('exact');
    expect(numbersFor(loanObject)).toBe('strings');
    expect(numbersFor(undefined)).toBe('strings');
  });
});
