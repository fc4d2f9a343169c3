/**
 * `loans.acceptRepayment`: accept a full or partial repayment request the counterparty initiated
 * (stated: "only requests initiated by the counterparty can be accepted"). The body names no
 * allocation: the request picked is only read (the ceiling, the initiator, Check now). Its main
 * side: src/main/actions/kinds/accept-repayment.ts.
 */
import { z } from 'zod';
import { positiveAmount } from '../amounts';
import { epochMsString, id } from '../contract-inputs';
import { canAcceptRepayment } from '../loan-actions';
import { loanKind } from './declaration';

export const acceptRepayment = loanKind({
  family: 'loan',
  kind: 'loans.acceptRepayment',
  schema: z.strictObject({
    kind: z.literal('loans.acceptRepayment'),
    loanId: id,
    /**
     * Absent: the amount of the request, only where the platform wrote it as a plain decimal string
     * (a JSON number is never a default for sending); the confirmation then shows it.
     */
    amount: positiveAmount.optional(),
    /**
     * The repayment request being accepted, picked by the operator among the loan's allocations. NOT
     * sent (the operation's body names none): it sets the ceiling, the initiator check and what
     * "Check now" reads. Absent: the request the console expects (loan-actions.ts).
     */
    requestAllocationId: id.optional(),
    collateralPortfolioId: id.optional(),
    effectiveDate: epochMsString.optional(),
  }),
  title: 'Accept repayment',
  operation: 'acceptRepayment',
  availability: canAcceptRepayment,
  example: { kind: 'loans.acceptRepayment', loanId: 'loan-1', amount: '5' },
});
