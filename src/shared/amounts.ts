/**
 * Amounts an operator types into an action: the one rule, used by the renderer's forms for early
 * feedback and by the main side's `actions.prepare` as the authority.
 *
 * An amount is a plain positive decimal string: digits, an optional point and decimals. No sign,
 * exponent, hex, spaces or thousands separators, because each of those is read differently by
 * different parsers ("1e3", "0x10", "1,000" and " 5" have all been mistaken for numbers), and what
 * the operator confirms must be exactly what is signed. Leading zeros ("007.5") are refused too:
 * some readers take a leading 0 as octal, and "00001" next to "1" looks like a different amount in
 * the confirmation and the journal; the message names the amount to write instead. "0.5" is fine
 * (one zero before the point), and so are trailing zeros ("1.50"). The platform states no
 * per-currency precision, so at most 18 decimals (the finest any listed asset uses); 30 integer digits.
 */
import { Exact } from './decimal';
import { z } from 'zod';

export const MAX_AMOUNT_DECIMALS = 18;
export const MAX_AMOUNT_INTEGER_DIGITS = 30;

/** A plain decimal whose integer part has a superfluous leading zero: "01", "007.5", "00.5", "00". */
const LEADING_ZEROS = /^0+(?=\d)(\d*)(\.\d+)?$/;

const SHAPE = new RegExp(`^\\d{1,${MAX_AMOUNT_INTEGER_DIGITS}}(\\.\\d{1,${MAX_AMOUNT_DECIMALS}})?$`);

/** Why `text` is not an amount, in words that say what to fix; null when it is one. */
export function amountProblem(text: string): string | null {
  if (text === '') return 'is empty: enter an amount such as 1250.5';
  if (/\s/.test(text)) return 'must not contain spaces';
  if (/^[+-]/.test(text)) return 'must be a plain positive number, without a sign';
  if (/^0x/i.test(text)) return 'must be a decimal number, not hexadecimal';
  if (/[eE]/.test(text)) return 'must be written out in full, without an exponent (1000, not 1e3)';
  if (/[,_']/.test(text)) return 'must not contain thousands separators (1250.5, not 1,250.5)';
  const leading = LEADING_ZEROS.exec(text);
  // All zeros ("00", "00.000") is refused below for being zero, which is the fix that matters.
  if (leading !== null && /[1-9]/.test(text))
    return `has leading zeros, which are not allowed: write ${leading[1]}${leading[2] ?? ''}`;
  const decimals = text.split('.')[1];
  if (decimals !== undefined && decimals.length > MAX_AMOUNT_DECIMALS && /^\d+\.\d+$/.test(text))
    return `has more than ${MAX_AMOUNT_DECIMALS} decimals`;
  if (!SHAPE.test(text)) return 'must be a decimal number such as 1250.5';
  if (new Exact(text).isZero()) return 'must be greater than zero';
  return null;
}

/** A positive decimal amount, exactly as typed (not trimmed: a space is an error, not a fix). */
export const positiveAmount = z.string().superRefine((text, ctx) => {
  const problem = amountProblem(text);
  if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
});

/** a ≤ b for two amounts (decimal strings), exactly. */
export function amountAtMost(a: string, b: string): boolean {
  return new Exact(a).lte(new Exact(b));
}
