/**
 * The bodies of the loan operations, as the sandbox reads the specification ("Loan operations":
 * body fields per media type; "Which body fields are required: not shown") and platform-facts
 * ("Request bodies of the specified loan operations"). Written here, not taken from the console
 * (issue 25.4), so that a field the console gets wrong is refused by a second reading.
 *
 * Where both are silent, the sandbox's reading, stated once:
 * - a field is required only where the operation cannot be carried out without it: the allocation
 *   that cancel-interest-payment and confirm-external-disbursement act on (platform-facts marks
 *   `loanAllocationId` required for the latter). Every other field is optional.
 * - an unknown field is refused (400 naming it), since a misspelt field silently ignored would
 *   change what the operation does (a partial repayment taken as a full one).
 * - approve takes no body; `{}` is accepted as no body.
 * - a collateral adjustment (estimate-loan-ltv's `collaterals`: `{amount, currency, mainCurrency,
 *   amountInUsd}`) needs `amount` and `currency` to mean anything; the other two are optional.
 */
import { z } from 'zod';
import type { LoanOperationName } from '../../shared/platform/media-types';
import { amount, epochMs, identifier } from './values';

/** Most collateral entries one estimate may carry (the specification states no limit). */
export const MAX_COLLATERALS = 50;

export const collateralEntry = z.strictObject({
  amount,
  currency: identifier,
  mainCurrency: identifier.optional(),
  amountInUsd: amount.optional(),
});

export const LOAN_OPERATION_BODIES = {
  approve: z.strictObject({}),
  cancelInterestPayment: z.strictObject({
    loanAllocationId: identifier,
    effectiveDate: epochMs.optional(),
    portfolioId: identifier.optional(),
  }),
  acceptRepayment: z.strictObject({
    amount: amount.optional(),
    collateralPortfolioId: identifier.optional(),
    effectiveDate: epochMs.optional(),
  }),
  confirmExternalDisbursement: z.strictObject({
    loanAllocationId: identifier,
    collateralPortfolioId: identifier.optional(),
  }),
  estimateLtv: z.strictObject({
    amount: amount.optional(),
    collaterals: z
      .array(collateralEntry)
      .max(MAX_COLLATERALS, `must have at most ${MAX_COLLATERALS} collaterals`)
      .optional(),
    includeInterest: z.boolean('must be true or false').optional(),
  }),
} as const satisfies Record<LoanOperationName, z.ZodObject>;

export type LoanOperationBody<K extends LoanOperationName> = z.output<(typeof LOAN_OPERATION_BODIES)[K]>;

/** What an operation's body holds, for the refusal of an unknown field. */
export function describeBody(name: LoanOperationName, title: string): string {
  const fields = Object.keys(LOAN_OPERATION_BODIES[name].shape);
  return fields.length === 0
    ? `${title} takes no body (empty or {})`
    : `${title} takes {${fields.join(', ')}}`;
}
