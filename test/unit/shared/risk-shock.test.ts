/** The shock as typed (src/shared/risk-shock.ts): the percentage's checks and their messages. */
import { describe, expect, it } from 'vitest';
import { readShock } from '../../../src/shared/risk-shock';

describe('readShock: the percentage typed', () => {
  it.each<[Parameters<typeof readShock>, string]>([
    [['collateral-falls', '10'], '10'],
    [['collateral-falls', ' 12.50 '], '12.5'],
    [['collateral-falls', '99.999999'], '99.999999'],
    [['asset-rises', '1000'], '1000'],
    [['asset-rises', '150'], '150'],
    [['currency-falls', '5', 'BTC'], '5'],
  ])('accepts %j as %s', (args, percent) => {
    expect(readShock(...args)).toMatchObject({ ok: true, shock: { kind: args[0], percent } });
  });

  it.each<[Parameters<typeof readShock>, RegExp]>([
    [['collateral-falls', ''], /Enter a percentage/],
    [['collateral-falls', 'abc'], /not a percentage/],
    [['collateral-falls', '1e3'], /not a percentage/],
    [['collateral-falls', '-5'], /not a percentage/],
    [['collateral-falls', '5,5'], /not a percentage/],
    [['collateral-falls', '0.0000001'], /not a percentage/],
    [['collateral-falls', '0'], /more than 0/],
    [['collateral-falls', '0.000'], /more than 0/],
    [['collateral-falls', '100'], /less than 100/],
    [['currency-falls', '100', 'BTC'], /less than 100/],
    [['asset-rises', '1000.000001'], /at most 1000/],
    [['currency-falls', '5'], /Choose the asset/],
  ])('refuses %j', (args, message) => {
    const r = readShock(...args);
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.message).toMatch(message);
  });
});
