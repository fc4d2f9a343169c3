/**
 * The sandbox's own readings of the specification's scalar values (issue 25.4: the sandbox checks
 * requests with its own schemas, never the console's, so that a test both pass is a second opinion).
 *
 * The specification types every amount and timestamp as a string and says no more. The sandbox's
 * reading, stated here because the specification is silent:
 * - an amount is a decimal string: digits, optionally a point and more digits. No sign, exponent,
 *   hex, spaces or separators (each is read differently by different parsers, and a platform that
 *   guessed would move money by its guess). Leading zeros are accepted: "007.5" has one reading.
 *   At most 30 integer digits and 18 decimals, so decimal.js (40 digits) compares them exactly.
 * - a timestamp is epoch milliseconds written in digits (the specification says "Epoch milliseconds").
 * - an identifier is a non-empty string without leading or trailing spaces, at most 200 characters.
 */
import { z } from 'zod';
import { Dec } from '../money';

const DECIMAL = /^(\d{1,30})(\.\d{1,18})?$/;

/** Why `text` is not a positive amount; null when it is one. */
export function amountFault(text: string): string | null {
  if (/^\s|\s$/.test(text)) return 'must not have spaces around it';
  if (/^[+-]/.test(text)) return 'must be written without a sign';
  if (/^0[xob]/i.test(text)) return 'must be written in decimal digits';
  if (/\d[eE]/.test(text)) return 'must be written out, without an exponent';
  const m = DECIMAL.exec(text);
  if (m === null) {
    if (/^\d+(\.\d+)?$/.test(text)) return 'has more than 30 integer digits or 18 decimals';
    return 'must be a decimal string such as "1250.5"';
  }
  if (new Dec(text).isZero()) return 'must be greater than zero';
  return null;
}

/** A positive amount as a decimal string (see the file comment). */
export const amount = z.string('must be a decimal string such as "1250.5"').superRefine((text, ctx) => {
  const fault = amountFault(text);
  if (fault !== null) ctx.addIssue({ code: 'custom', message: fault });
});

/** Epoch milliseconds, as a string of digits. */
export const epochMs = z
  .string('must be epoch milliseconds as a string, e.g. "1750000000000"')
  .regex(/^\d{1,16}$/, 'must be epoch milliseconds as a string, e.g. "1750000000000"');

/** An identifier the caller names (a portfolio, an allocation, a currency code). */
export const identifier = z
  .string('must be a string id')
  .min(1, 'must not be empty')
  .max(200, 'must be at most 200 characters')
  .refine((v) => v.trim() === v, 'must not have spaces around it');
