/**
 * Whether accepting a repayment accepts less than was requested (issue 29, item 10): the form says
 * so beside the amount, and the confirmation in its "Acceptance" row, before the operator confirms.
 * decimal.js only; the amounts are shown exactly as typed and as the platform sent them.
 */
import { readDecimal } from './risk';

/**
 * "partial: 10 of 27.19 BTC" when `amount` is a positive decimal below the `requested` one; null
 * when it is the full request, above it (refused elsewhere), or either is not a plain decimal.
 */
export function partialAcceptance(amount: unknown, requested: unknown, currency: string): string | null {
  const a = readDecimal(amount);
  const r = readDecimal(requested);
  if (a === null || r === null || !a.gt(0) || !a.lt(r)) return null;
  return `partial: ${amount as string} of ${requested as string} ${currency}`.trimEnd();
}
