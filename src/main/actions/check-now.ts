/**
 * "Check now": after an outcome unknown, re-read the object the action touched and tell whether it
 * took effect. Only reads are sent here. Where the platform offers no read (the exchange's orders),
 * `checkPlan` says so and what to look at instead, and the operator settles it by hand.
 */
import type { ActionKind, Settlement } from '../../shared/actions';
import type { LoanStatus } from '../../shared/platform/enums';
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
  /** Exchange: the entries sent that the answer must report one status each for (expectedStatuses). */
  entries?: number;
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

/** Epoch milliseconds as an ISO time; anything else as sent (cut short). */
function epochText(value: string): string {
  return /^\d{1,16}$/.test(value) ? new Date(Number(value)).toISOString() : value.slice(0, 80);
}

/** One field of an object the platform sent; null, a non-object or a missing field is undefined. */
function fieldOf(holder: unknown, key: string): unknown {
  if (holder === null || typeof holder !== 'object') return undefined;
  return (holder as Record<string, unknown>)[key];
}

/**
 * A record the platform keeps of something that happened (`approvedAt`, `confirmedBy`…), as text,
 * or null when it is absent: missing, null, not a string or number, blank, or (for a time) zero.
 */
function recordOf(extra: unknown, key: string): string | null {
  const value = fieldOf(extra, key);
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value).trim();
  if (text === '' || (key.endsWith('At') && /^0+$/.test(text))) return null;
  return key.endsWith('At') ? epochText(text) : text.slice(0, 80);
}

/** What counts as evidence that an action took effect on an object, and that it did not. */
interface Evidence {
  /** The action as named in the text: "the approve". */
  action: string;
  /** Fields of the object's `extra` the platform fills when this very action happens. */
  records: readonly string[];
  /** Statuses the object reaches only if the action happened. */
  done: readonly string[];
  /** Statuses that mean the object is still waiting for the action. */
  waiting: readonly string[];
  /** Statuses that mean something else happened instead, so the action did not take effect. */
  instead: readonly string[];
  /** Other records worth naming in the text when present (who cancelled or rejected, and when). */
  also: readonly string[];
}

/**
 * Loan statuses only a loan that was approved reaches. The specification states a single move,
 * out of `awaiting-approval` by the approve operation, and leaves the next state unshown, so this
 * list keeps only the statuses that presuppose the loan went live: its funds are being or were
 * disbursed (`disbursing`, `active`), it is being repaid, defaulted or terminated early, or it was
 * repaid. A loan never approved lends nothing, so it cannot be in any of them.
 *
 * Left out on purpose, because the specification does not place them relative to approval:
 * `awaiting-acceptance` (the counterparty's acceptance may come before or after it; the sandbox
 * puts it before), `awaiting-collateral`, `awaiting-interest-payment`, the collateral statuses
 * (collateral may be posted or returned around a loan that never went live), `errored` (either
 * side of approval) and `closed` (a cancelled or rejected loan may be closed too). In those the
 * loan's `approvedAt` / `approvedBy` decide, or Check now stays unknown.
 */
export const APPROVED_ONLY_LOAN_STATUSES: readonly LoanStatus[] = [
  'disbursing',
  'active',
  'repaying',
  'repaying-interest',
  'interest-repaid',
  'defaulting',
  'partially-defaulting',
  'defaulted',
  'default-resolved',
  'early-termination-in-progress',
  'early-termination-completed',
  'repaid',
];

const APPROVE: Evidence = {
  action: 'the approve',
  records: ['approvedAt', 'approvedBy'],
  done: APPROVED_ONLY_LOAN_STATUSES,
  waiting: ['awaiting-approval'],
  // The terminal statuses that end a loan without it going live: it was turned down or withdrawn.
  instead: ['cancelled', 'rejected'],
  also: ['rejectedAt', 'rejectedBy', 'cancelledAt', 'cancelledBy'],
};

/**
 * Allocation evidence. The specification names the allocation's `extra` records (`acceptedAt/By`,
 * `cancelledAt/By`, `confirmedAt/By`) and platform-facts lists the statuses, but no transitions.
 * The action's own record or the status that names it (`cancelled`, `accepted`, `confirmed`) is
 * evidence it happened; the status it acts on (stated: "awaiting acceptance"; for the external
 * disbursement, `awaiting-confirmation`) means it did not; the status that names the other way out
 * of that state means it cannot have. Every other status (`new`, `order-created`, `completed`,
 * `failed`…) is not placed by the specification, so it stays unknown.
 */
const ALLOCATION_EVIDENCE: Partial<Record<ActionKind, Evidence>> = {
  'loans.cancelInterestPayment': {
    action: 'the cancel',
    records: ['cancelledAt', 'cancelledBy'],
    done: ['cancelled'],
    waiting: ['awaiting-acceptance'],
    instead: ['accepted'],
    also: ['acceptedAt', 'acceptedBy'],
  },
  'loans.acceptRepayment': {
    action: 'the accept',
    records: ['acceptedAt', 'acceptedBy'],
    done: ['accepted'],
    waiting: ['awaiting-acceptance'],
    instead: ['cancelled'],
    also: ['cancelledAt', 'cancelledBy'],
  },
  'loans.confirmExternalDisbursement': {
    action: 'the confirmation',
    records: ['confirmedAt', 'confirmedBy'],
    done: ['confirmed'],
    waiting: ['awaiting-confirmation'],
    instead: ['cancelled'],
    also: ['cancelledAt', 'cancelledBy'],
  },
};

type Judgement = { settled: Settlement | null; found: string };

/**
 * Judges one object (the loan, or one allocation) by its status and `extra` records. The action's
 * own record wins over a later status (a loan approved and then cancelled was approved), except
 * against a status that says it is still waiting for the action: those two contradict each other,
 * and the console does not pick one.
 */
function judgeBy(subject: string, rawStatus: unknown, extra: unknown, e: Evidence): Judgement {
  const status = typeof rawStatus === 'string' ? rawStatus : null;
  const statusText = status === null ? 'no status' : `“${status.slice(0, 60)}”`;
  const records = e.records.map((key) => ({ key, value: recordOf(extra, key) }));
  const seenRecords = [
    ...records.map(({ key, value }) => (value === null ? `${key} absent` : `${key} ${value}`)),
    ...e.also.flatMap((key) => {
      const value = recordOf(extra, key);
      return value === null ? [] : [`${key} ${value}`];
    }),
  ].join(', ');
  const seen = `${subject} is ${statusText} (${seenRecords})`;
  const recorded = records.some(({ value }) => value !== null);
  const is = (list: readonly string[]): boolean => status !== null && list.includes(status);

  if (recorded && is(e.waiting))
    return {
      settled: null,
      found: `${seen}: the status and the record disagree, so the console cannot tell whether ${e.action} took effect. Check it on the platform.`,
    };
  if (recorded) return { settled: 'done', found: `${seen}: ${e.action} took effect.` };
  if (is(e.done))
    return {
      settled: 'done',
      found: `${seen}, a status reached only after ${e.action}: it took effect.`,
    };
  if (is(e.waiting))
    return {
      settled: 'not-done',
      found: `${seen}: still waiting for it, so ${e.action} did not take effect.`,
    };
  if (is(e.instead)) return { settled: 'not-done', found: `${seen}: ${e.action} did not take effect.` };
  return {
    settled: null,
    found: `${seen}: this does not show whether ${e.action} took effect. Check it on the platform.`,
  };
}

/** What the loan now says about the action: settled done / not done, or null when it cannot tell. */
export function judgeLoan(t: CheckTarget, loan: Loan): Judgement {
  const status: unknown = fieldOf(loan, 'status');
  if (t.kind === 'loans.approve') return judgeBy('The loan', status, fieldOf(loan, 'extra'), APPROVE);
  const evidence = ALLOCATION_EVIDENCE[t.kind];
  if (evidence === undefined) return { settled: null, found: 'Nothing to check for this kind of action.' };
  const loanStatus = typeof status === 'string' ? `“${status.slice(0, 60)}”` : 'no status';
  if (t.loanAllocationId === undefined)
    return {
      settled: null,
      found: `No allocation was recorded with this action (the loan is ${loanStatus}); check the loan on the platform.`,
    };
  const listed: unknown = fieldOf(fieldOf(loan, 'embedded'), 'loanAllocations');
  const alloc: unknown = Array.isArray(listed)
    ? listed.find((a: unknown) => fieldOf(a, 'loanAllocationId') === t.loanAllocationId)
    : undefined;
  if (alloc === undefined)
    return {
      settled: null,
      found: `Allocation ${t.loanAllocationId} is not on the loan (the loan is ${loanStatus}); check the loan on the platform.`,
    };
  return judgeBy(
    `Allocation ${t.loanAllocationId}`,
    fieldOf(alloc, 'status'),
    fieldOf(alloc, 'extra'),
    evidence,
  );
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
