/** zod issues → the platform's 400 envelope, `<field>: <what is wrong>`. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError } from '../../../src/sandbox/errors';
import { validateAction } from '../../../src/sandbox/exchange-validate';
import { parseOr400 } from '../../../src/sandbox/validation';

const order = (o: Record<string, unknown> = {}) => ({
  a: 0,
  b: true,
  p: '65000',
  s: '0.01',
  r: false,
  t: { limit: { tif: 'Gtc' } },
  ...o,
});
const messageOf = (f: () => unknown): string => {
  try {
    f();
  } catch (err) {
    if (err instanceof HttpError) return `${err.status} ${err.code} ${err.message}`;
    throw err;
  }
  return 'no error';
};
const act = (action: unknown): string => messageOf(() => validateAction(action));

describe('exchange actions refused with the shared schema', () => {
  it('names the field inside the order type the input meant', () => {
    expect(act({ type: 'order', orders: [order({ t: { limit: { tif: 'Fok' } } })], grouping: 'na' })).toBe(
      '400 bad-request action.orders[0].t.limit.tif: must be one of Alo, Ioc, Gtc',
    );
    expect(
      act({
        type: 'order',
        orders: [order({ t: { trigger: { isMarket: true, triggerPx: '1e3', tpsl: 'tp' } } })],
        grouping: 'na',
      }),
    ).toMatch(/^400 bad-request action\.orders\[0\]\.t\.trigger\.triggerPx: must be a decimal string/);
    expect(act({ type: 'order', orders: [order({ t: { market: {} } })], grouping: 'na' })).toMatch(
      /^400 bad-request action\.orders\[0\]\.t(\.limit)?: /,
    );
  });

  it('says which fields are missing, unknown, or of the wrong type', () => {
    expect(act({ type: 'cancel', cancels: [{ a: 0 }] })).toBe(
      '400 bad-request action.cancels[0].o: is required',
    );
    expect(act({ type: 'order', orders: [order({ x: 1 })], grouping: 'na' })).toBe(
      '400 bad-request action.orders[0]: unknown field(s) "x"',
    );
    expect(act({ type: 'updateLeverage', asset: 0, isCross: 'yes', leverage: 1 })).toBe(
      '400 bad-request action.isCross: must be true or false',
    );
    expect(act({ type: 'nope' })).toMatch(/^400 bad-request action\.type: must be one of order, cancel, /);
    expect(act('order')).toBe('400 bad-request action: must be an object');
  });

  it('takes what the shared schema takes, such as an order with a builder fee', () => {
    const withBuilder = {
      type: 'order',
      orders: [order()],
      grouping: 'na',
      builder: { b: '0x' + '12'.repeat(20), f: 10 },
    };
    expect(validateAction(withBuilder)).toEqual(withBuilder);
  });
});

describe('parseOr400', () => {
  const body = z.strictObject({
    n: z.number().int('must be an integer'),
    tags: z.array(z.string()).optional(),
  });
  it('keeps a schema message, adds a hint to unknown top-level fields, and indexes arrays', () => {
    expect(messageOf(() => parseOr400(body, { n: 1.5 }))).toBe('400 bad-request n: must be an integer');
    expect(messageOf(() => parseOr400(body, { n: 1, m: 2 }, { expected: 'the body is {n, tags?}' }))).toBe(
      '400 bad-request unknown field(s) "m": the body is {n, tags?}',
    );
    expect(messageOf(() => parseOr400(body, { n: 1, tags: ['a', 2] }))).toBe(
      '400 bad-request tags[1]: must be a string',
    );
    expect(messageOf(() => parseOr400(z.array(z.number()), [1, 'x'], { root: 'collaterals' }))).toBe(
      '400 bad-request collaterals[1]: must be a number',
    );
    expect(parseOr400(body, { n: 2 })).toEqual({ n: 2 });
  });
});
