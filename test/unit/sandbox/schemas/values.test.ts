/**
 * The sandbox's own readings of amounts, timestamps and ids (src/sandbox/schemas/values.ts): what
 * the specification leaves open is decided here, independently of the console's rules.
 */
import { describe, expect, it } from 'vitest';
import { amount, amountFault, epochMs, identifier } from '../../../../src/sandbox/schemas/values';

describe('amount', () => {
  it.each(['1', '0.5', '1250.50', '007.5', '1'.repeat(30), `1.${'0'.repeat(17)}1`])('accepts %s', (text) => {
    expect(amountFault(text)).toBeNull();
    expect(amount.safeParse(text).success).toBe(true);
  });

  it.each([
    ['', 'must be a decimal string such as "1250.5"'],
    [' 5', 'must not have spaces around it'],
    ['-1', 'must be written without a sign'],
    ['+1', 'must be written without a sign'],
    ['0x10', 'must be written in decimal digits'],
    ['1e3', 'must be written out, without an exponent'],
    ['1,000', 'must be a decimal string such as "1250.5"'],
    ['1.', 'must be a decimal string such as "1250.5"'],
    ['0', 'must be greater than zero'],
    ['0.000', 'must be greater than zero'],
    [`1.${'1'.repeat(19)}`, 'has more than 30 integer digits or 18 decimals'],
    ['1'.repeat(31), 'has more than 30 integer digits or 18 decimals'],
  ])('refuses %j: %s', (text, fault) => {
    expect(amountFault(text)).toBe(fault);
    const parsed = amount.safeParse(text);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(fault);
  });

  it('refuses a JSON number: amounts are strings in the specification', () => {
    expect(amount.safeParse(5).success).toBe(false);
  });
});

describe('epochMs and identifier', () => {
  it('reads epoch milliseconds as a string of digits', () => {
    expect(epochMs.safeParse('1750000000000').success).toBe(true);
    for (const bad of ['-1', '1.5', '2025-06-15', 1750000000000, ''])
      expect(epochMs.safeParse(bad).success).toBe(false);
  });

  it('refuses an empty id, one with spaces around it, and one too long, without trimming', () => {
    expect(identifier.parse('p-1')).toBe('p-1');
    for (const bad of ['', ' p-1', 'p-1 ', 'x'.repeat(201), 7])
      expect(identifier.safeParse(bad).success).toBe(false);
  });
});
