/**
 * The vendor media types of the specification ("Loan operations", "PATCH
 * /organizations/{organizationId}/loans (dry run)"): the request's `Content-Type` selects the
 * operation. Facts only, so that the sandbox can read them without reading the console's
 * decisions (src/shared/loan-actions.ts holds the console's titles and rules for the same operations).
 */
export const LOAN_OPERATION_MEDIA_TYPES = {
  estimateLtv: 'application/vnd.estimate-loan-ltv+json',
  cancelInterestPayment: 'application/vnd.cancel-interest-payment+json',
  acceptRepayment: 'application/vnd.accept-loan-repayment+json',
  confirmExternalDisbursement: 'application/vnd.confirm-external-disbursement+json',
  approve: 'application/vnd.approve-loan+json',
} as const;
export type LoanOperationName = keyof typeof LOAN_OPERATION_MEDIA_TYPES;

/** `PATCH /organizations/{organizationId}/loans`: the LTV dry run. */
export const LTV_DRY_RUN_MEDIA_TYPE = 'application/vnd.calculate-ltv-dry-run+json';
