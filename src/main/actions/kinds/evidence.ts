/**
 * Judging by evidence (Check now, and a 2xx answer checked against what was asked): whether the
 * object an action touched shows it took effect. Each loan kind states its `Evidence` in its own
 * file; the judgement is the same for all of them.
 */
import type { AllocationMove } from '../../../shared/action-kinds/declaration';
import type { Loan } from '../../../shared/platform/resources';
import { formatUtcTime, isTimeMs } from '../../../shared/time-text';
import type { CheckTarget, Judgement } from './kind-spec';

/**
 * Epoch milliseconds in the console's one time format ("2026-11-26 12:10:27.762 UTC"); anything
 * else as sent (cut short), including digits past the last time a Date can hold (8.64e15 ms).
 */
function epochText(value: string): string {
  return /^\d{1,16}$/.test(value) && isTimeMs(Number(value))
    ? formatUtcTime(Number(value), true)
    : value.slice(0, 80);
}

/** One field of an object the platform sent; null, a non-object or a missing field is undefined. */
export function fieldOf(holder: unknown, key: string): unknown {
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
export interface Evidence {
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
 * Evidence on an allocation: the action's move (its status and its `extra` records), the status it
 * acts on, and the move that is the other way out of that status. The specification names the
 * records but no transitions: the action's own record or status is evidence it happened; the
 * status it acts on (stated: "awaiting acceptance") means it did not; the other move means it
 * cannot have. Every other status (`new`, `order-created`, `completed`, `failed`…) is not placed by
 * the specification, so it stays unknown.
 */
export function allocationEvidence(
  action: string,
  moves: { done: AllocationMove; waiting: string; instead: AllocationMove },
): Evidence {
  const recordsOf = (move: AllocationMove) => [`${move}At`, `${move}By`];
  return {
    action,
    records: recordsOf(moves.done),
    done: [moves.done],
    waiting: [moves.waiting],
    instead: [moves.instead],
    also: recordsOf(moves.instead),
  };
}

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

/** A kind acting on the loan itself (approve): judged by the loan's status and `extra` records. */
export function judgeLoanItself(loan: Loan, e: Evidence): Judgement {
  return judgeBy('The loan', fieldOf(loan, 'status'), fieldOf(loan, 'extra'), e);
}

/**
 * A kind acting on one allocation: judged by that allocation's status and `extra` records, found
 * by the id recorded with the action; unknown when none was recorded or the loan no longer lists it.
 */
export function judgeAllocation(t: CheckTarget, loan: Loan, e: Evidence): Judgement {
  const status: unknown = fieldOf(loan, 'status');
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
  return judgeBy(`Allocation ${t.loanAllocationId}`, fieldOf(alloc, 'status'), fieldOf(alloc, 'extra'), e);
}
