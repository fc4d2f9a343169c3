/**
 * `loans.acceptRepayment`: accept a full or partial repayment request the counterparty initiated
 * (stated: "only requests initiated by the counterparty can be accepted"). Refused only for a
 * request your own side made or an amount above the request's (the ceiling, loan-actions.ts). The
 * amount defaults to the request's only where that is a plain decimal string; the body names no
 * allocation, so the request picked is only read (for the ceiling, the initiator and Check now).
 * Declared in src/shared/action-kinds/accept-repayment.ts; here, what the main side adds.
 */
import { acceptRepayment as declared } from '../../../shared/action-kinds/accept-repayment';
import { amountAtMost } from '../../../shared/amounts';
import { loanSide, repaymentAmountDefault, repaymentCeiling } from '../../../shared/loan-actions';
import { partialAcceptance } from '../../../shared/repayment-extent';
import { ok } from '../../../shared/result';
import { allocationEvidence, judgeAllocation } from './evidence';
import type { ActionKindSpec } from './kind-spec';
import { amountLine, amountText, loanDedup, loanKind, loanPatch, mediaTypeOf } from './loan-kind';
import { definedOnly, refuse, withNotes } from './request-parts';

const mediaType = mediaTypeOf(declared);

/** Evidence on the request accepted: accepted, or still awaiting acceptance, or cancelled instead. */
const ACCEPTED = allocationEvidence('the accept', {
  done: 'accepted',
  waiting: 'awaiting-acceptance',
  instead: 'cancelled',
});

/** The confirmation's call-out of a partial acceptance ("partial: 10 of 27.19 BTC"), when it is one. */
function partialRow(amount: string, requested: string | null, currency: string) {
  const partial = partialAcceptance(amount, requested, currency);
  return partial === null ? [] : [{ label: 'Acceptance', value: partial }];
}

const judgeLoan: NonNullable<ActionKindSpec['check']['judgeLoan']> = (t, loan) =>
  judgeAllocation(t, loan, ACCEPTED);

export const acceptRepayment: ActionKindSpec<'loans.acceptRepayment'> = loanKind({
  declared,
  judgeLoan,
  dedup: loanDedup,
  build(ctx, input, loan) {
    const verdict = declared.availability(
      loan,
      loanSide(loan, ctx.organizationId),
      input.requestAllocationId,
    );
    if (!verdict.ok)
      return refuse(
        verdict.why,
        verdict.byAllocation && input.requestAllocationId ? 'requestAllocationId' : undefined,
      );
    const request = verdict.allocation;
    const warnings = [...verdict.warnings];
    const fallback = repaymentAmountDefault(request);
    const amount = input.amount ?? fallback.amount;
    if (amount === null)
      return refuse(`type the amount to accept. ${'why' in fallback ? fallback.why : ''}`.trim(), 'amount');
    const currency = request ? String(request.currency) : String(loan.currency);
    const ceiling = repaymentCeiling(request);
    if (ceiling.ceiling !== null && !amountAtMost(amount, ceiling.ceiling))
      return refuse(`must be at most the requested ${ceiling.ceiling} ${currency}`, 'amount');
    if (ceiling.ceiling === null)
      warnings.push(`${ceiling.why}, so no ceiling was checked on the amount; the platform will decide.`);
    const body = definedOnly({
      amount,
      collateralPortfolioId: input.collateralPortfolioId,
      effectiveDate: input.effectiveDate,
    });
    const built = loanPatch(ctx, { title: declared.title, mediaType }, loan, body, {
      context: request
        ? [
            amountLine('Requested amount', amountText(request), request),
            { label: 'Repayment request', value: request.loanAllocationId },
            ...partialRow(amount, ceiling.ceiling, currency),
          ]
        : [],
      warnings,
      check: request ? { loanAllocationId: request.loanAllocationId } : {},
    });
    return built.ok
      ? ok({ ...built.value, fields: withNotes(built.value.fields, { amount: currency }) })
      : built;
  },
});
