/**
 * "Check now": after an outcome unknown, re-read the object the action touched and tell whether it
 * took effect. Only reads are sent here. Where the platform offers no read (the exchange's orders),
 * `checkPlan` says so and what to look at instead, and the operator settles it by hand.
 */
import type { ActionKind, Settlement } from '../../shared/actions';
import type { Loan } from '../../shared/platform/resources';
import { ok, type Result } from '../../shared/result';
import type { PlatformClient } from '../platform/client';
import { getLoan } from '../platform/operations';

export interface CheckTarget {
  kind: ActionKind;
  loanId?: string;
  loanAllocationId?: string;
  /** The exchange body's nonce, to name in the manual check. */
  nonce?: string;
}

export function checkPlan(t: CheckTarget): { available: boolean; what: string } {
  switch (t.kind) {
    case 'exchange.submit':
      return {
        available: false,
        what:
          'The platform offers no read of the exchange’s orders. Look at the agent wallet’s open orders and fills on ' +
          `the exchange for nonce ${t.nonce ?? '(see the request)'}, then record here what you found.`,
      };
    case 'loans.estimateLtv':
    case 'loans.ltvDryRun':
      return { available: false, what: 'It changes nothing on the platform: run it again for an answer.' };
    default:
      return { available: true, what: `Reads loan ${t.loanId ?? ''} and its allocations.` };
  }
}

/** Epoch milliseconds as an ISO time; anything else as sent. */
function epochText(value: unknown): string {
  const text = String(value);
  return /^\d{1,16}$/.test(text) ? new Date(Number(text)).toISOString() : text;
}

/** The allocation's status that shows the action happened, and the one that shows it did not. */
const ALLOCATION_RULES: Partial<Record<ActionKind, { pending: string[]; gone: string[] }>> = {
  'loans.cancelInterestPayment': { pending: ['awaiting-acceptance'], gone: ['cancelled'] },
  'loans.acceptRepayment': { pending: ['awaiting-acceptance', 'cancelled'], gone: [] },
  'loans.confirmExternalDisbursement': { pending: ['awaiting-confirmation'], gone: [] },
};

/** What the loan now says about the action: settled done / not done, or null when it cannot tell. */
export function judgeLoan(t: CheckTarget, loan: Loan): { settled: Settlement | null; found: string } {
  if (t.kind === 'loans.approve') {
    return loan.status === 'awaiting-approval'
      ? {
          settled: 'not-done',
          found: 'The loan is still awaiting approval: the approve did not take effect.',
        }
      : {
          settled: 'done',
          found: `The loan is now “${loan.status}”${loan.extra?.approvedAt ? `, approved at ${epochText(loan.extra.approvedAt)}` : ''}: the approve took effect.`,
        };
  }
  const rule = ALLOCATION_RULES[t.kind];
  const alloc = loan.embedded?.loanAllocations?.find((a) => a.loanAllocationId === t.loanAllocationId);
  if (rule === undefined) return { settled: null, found: 'Nothing to check for this kind of action.' };
  if (alloc === undefined)
    return {
      settled: null,
      found: `Allocation ${t.loanAllocationId ?? ''} is not on the loan any more (status “${loan.status}”); check the loan on the platform.`,
    };
  const status = String(alloc.status);
  if (rule.pending.includes(status))
    return {
      settled: 'not-done',
      found: `Allocation ${alloc.loanAllocationId} is still “${status}”: it did not take effect.`,
    };
  if (rule.gone.length === 0 || rule.gone.includes(status))
    return {
      settled: 'done',
      found: `Allocation ${alloc.loanAllocationId} is now “${status}”: it took effect.`,
    };
  return {
    settled: null,
    found: `Allocation ${alloc.loanAllocationId} is “${status}”; the console cannot tell. Check it on the platform.`,
  };
}

export async function checkNow(
  client: PlatformClient,
  organizationId: string,
  t: CheckTarget,
): Promise<Result<{ settled: Settlement | null; found: string; loan?: Loan }>> {
  const plan = checkPlan(t);
  if (!plan.available || t.loanId === undefined) return ok({ settled: null, found: plan.what });
  const read = await getLoan(client, organizationId, t.loanId);
  if (!read.ok) return read;
  return ok({ ...judgeLoan(t, read.value), loan: read.value });
}
