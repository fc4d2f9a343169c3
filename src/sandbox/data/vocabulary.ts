/**
 * How the sandbox spells what the specification leaves open (issue 25.4, `--variant spellings`).
 *
 * The specification names only the allocation type `disburse` and the allocation status `new`; the
 * complete sets are "not shown". It lists the loan statuses but states no transition other than
 * approve. So the values a platform uses for a repayment request, an interest payment request or an
 * external disbursement, and the loan status while one is pending, are the platform's to choose.
 *
 * - `default` spells them as platform-facts lists them (`repay`, `awaiting-acceptance`,
 *   `disburse-externally`, `awaiting-confirmation`) with loans `repaying` / `repaying-interest`.
 * - `spellings` uses other plausible values: invented ones for the allocation sets (the specification
 *   does not list them), and, for loan statuses (a list the specification does state), other values
 *   from that list that can plausibly hold a pending request: `active` while a repayment awaits
 *   acceptance, `awaiting-interest-payment` while an interest payment does.
 *
 * The sandbox's own action checks read requests through the vocabulary of the data it serves, so
 * both spellings can be acted on: a console that hard-codes one spelling is caught by the other.
 */
import type { LoanStatus } from '../../shared/platform/enums';

export const SANDBOX_VARIANTS = ['default', 'spellings'] as const;
export type SandboxVariant = (typeof SANDBOX_VARIANTS)[number];

export function isSandboxVariant(value: string): value is SandboxVariant {
  return (SANDBOX_VARIANTS as readonly string[]).includes(value);
}

export interface LoanVocabulary {
  /** Allocation types. */
  type: {
    repayment: string;
    /** In `default` the same as `repayment`: the loan's status tells the two requests apart. */
    interestPayment: string;
    externalDisbursement: string;
  };
  /** Allocation statuses. */
  status: {
    awaitingAcceptance: string;
    accepted: string;
    cancelled: string;
    awaitingConfirmation: string;
    confirmed: string;
  };
  /** Loan statuses while a request is pending (values of the specification's LoanStatus list). */
  loan: { repaymentPending: LoanStatus; interestPending: LoanStatus };
}

export const VOCABULARIES: Readonly<Record<SandboxVariant, LoanVocabulary>> = {
  default: {
    type: { repayment: 'repay', interestPayment: 'repay', externalDisbursement: 'disburse-externally' },
    status: {
      awaitingAcceptance: 'awaiting-acceptance',
      accepted: 'accepted',
      cancelled: 'cancelled',
      awaitingConfirmation: 'awaiting-confirmation',
      confirmed: 'confirmed',
    },
    loan: { repaymentPending: 'repaying', interestPending: 'repaying-interest' },
  },
  spellings: {
    type: { repayment: 'repayment', interestPayment: 'interest', externalDisbursement: 'external-disbursal' },
    status: {
      awaitingAcceptance: 'pending-acceptance',
      accepted: 'approved',
      cancelled: 'canceled',
      awaitingConfirmation: 'pending-confirmation',
      confirmed: 'confirmed-externally',
    },
    loan: { repaymentPending: 'active', interestPending: 'awaiting-interest-payment' },
  },
};

export const DEFAULT_VOCABULARY = VOCABULARIES.default;
