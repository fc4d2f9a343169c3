/**
 * What the action service writes to the journal: the record of a step, the "sent" and "outcome"
 * details (the request without its body, fields and context; the result without the answer), and
 * an unsettled action read back from them after a restart.
 */
import { describe, expect, it } from 'vitest';
import {
  journalRecord,
  outcomeDetail,
  SENT_WITHOUT_OUTCOME,
  sentDetail,
  unsettledFromJournal,
} from '../../../src/main/actions/journal-sink';
import type { CheckTarget } from '../../../src/main/actions/check-now';
import type { ActionResult, PreparedAction } from '../../../src/shared/actions';

const PREPARED: PreparedAction = {
  id: 'a1',
  kind: 'loans.acceptRepayment',
  title: 'Accept repayment',
  workspace: { id: 'ws-a', name: 'Desk A', environment: 'production', organizationId: 'org-1' },
  target: 'Loan L-1',
  request: {
    method: 'POST',
    url: 'http://127.0.0.1:9/loans/L-1/repayments',
    contentType: 'application/vnd.accept+json',
    body: '{"amount":"1"}',
  },
  fields: [{ name: 'amount', value: '1' }],
  context: [{ label: 'Loan', value: 'active' }],
  warnings: ['no ceiling'],
  preparedAt: '1000',
  expiresAt: '2000',
  phraseRequired: 'ACCEPT',
  review: { baseUrl: 'http://127.0.0.1:9', keyFingerprint: 'fp-1' },
};

const TARGET: CheckTarget = { kind: 'loans.acceptRepayment', loanId: 'L-1', loanAllocationId: 'AL-1' };

/** PREPARED as the details keep it: no fields, context or body. */
const SUMMARY = {
  id: 'a1',
  kind: 'loans.acceptRepayment',
  title: 'Accept repayment',
  workspace: PREPARED.workspace,
  target: 'Loan L-1',
  request: {
    method: 'POST',
    url: 'http://127.0.0.1:9/loans/L-1/repayments',
    contentType: 'application/vnd.accept+json',
  },
  warnings: ['no ceiling'],
  preparedAt: '1000',
  expiresAt: '2000',
  phraseRequired: 'ACCEPT',
  review: PREPARED.review,
};

const plan = (t: CheckTarget) => ({ available: true, what: `loan ${t.loanId}` });

describe('journalRecord', () => {
  it('names the step, the action, its workspace and object, with the extra fields', () => {
    expect(
      journalRecord(PREPARED, 'outcome', { outcome: 'done', detail: { x: 1 }, operator: 'alice' }),
    ).toEqual({
      step: 'outcome',
      actionId: 'a1',
      action: 'loans.acceptRepayment',
      workspaceId: 'ws-a',
      workspaceName: 'Desk A',
      environment: 'production',
      object: 'Loan L-1',
      outcome: 'done',
      detail: { x: 1 },
      operator: 'alice',
    });
  });
});

describe('outcomeDetail and sentDetail', () => {
  it('the outcome keeps the request without its body, fields and context, and the result without the answer', () => {
    const result: ActionResult = {
      id: 'a1',
      kind: 'loans.acceptRepayment',
      outcome: 'unknown',
      headline: 'No answer',
      status: 504,
      answer: { secretish: 'not kept' },
      loan: { loanId: 'L-1' } as ActionResult['loan'],
      check: { available: true, what: 'loan L-1' },
    };
    expect(outcomeDetail(PREPARED, result, TARGET, 'dk')).toEqual({
      prepared: SUMMARY,
      result: {
        id: 'a1',
        kind: 'loans.acceptRepayment',
        outcome: 'unknown',
        headline: 'No answer',
        status: 504,
        check: { available: true, what: 'loan L-1' },
      },
      target: TARGET,
      dedupKey: 'dk',
    });
  });

  it('the sent entry keeps the same summary, the time and the base URL, and no result', () => {
    expect(sentDetail(PREPARED, TARGET, 'dk', '1500')).toEqual({
      at: '1500',
      baseUrl: 'http://127.0.0.1:9',
      prepared: SUMMARY,
      target: TARGET,
      dedupKey: 'dk',
    });
  });
});

describe('unsettledFromJournal', () => {
  const outcome = () =>
    outcomeDetail(
      PREPARED,
      { id: 'a1', kind: 'loans.acceptRepayment', outcome: 'unknown', headline: 'No answer' },
      TARGET,
      'dk',
    );

  it('reads an "outcome: unknown" entry back as the action, its target and de-duplication key', () => {
    const read = unsettledFromJournal(
      { time: '2026-01-02T03:04:05.000Z', step: 'outcome', detail: outcome() },
      plan,
    );
    expect(read).toEqual({
      action: {
        prepared: {
          ...SUMMARY,
          request: { ...SUMMARY.request, body: null },
          fields: [],
          context: [
            { label: 'Recorded', value: 'before the console restarted; the full request is in the journal' },
          ],
        },
        result: { id: 'a1', kind: 'loans.acceptRepayment', outcome: 'unknown', headline: 'No answer' },
        since: String(Date.parse('2026-01-02T03:04:05.000Z')),
      },
      target: TARGET,
      dedupKey: 'dk',
    });
  });

  it('reads a "sent" entry with no outcome as unknown, with its Check-now plan', () => {
    const read = unsettledFromJournal(
      { time: '2026-01-02T03:04:05.000Z', step: 'sent', detail: sentDetail(PREPARED, TARGET, 'dk', '1500') },
      plan,
    );
    expect(read?.action.result).toEqual({
      id: 'a1',
      kind: 'loans.acceptRepayment',
      outcome: 'unknown',
      headline: SENT_WITHOUT_OUTCOME,
      check: { available: true, what: 'loan L-1' },
    });
  });

  it('an entry written before reviews were recorded gets an empty review; an unreadable time is now', () => {
    const { review: _r, ...old } = outcome().prepared;
    const before = Date.now();
    const read = unsettledFromJournal(
      { time: 'yesterday', step: 'outcome', detail: { ...outcome(), prepared: old } },
      plan,
    );
    expect(read?.action.prepared.review).toEqual({ baseUrl: '', keyFingerprint: '' });
    expect(Number(read?.action.since)).toBeGreaterThanOrEqual(before);
  });

  it.each([
    ['no detail', undefined],
    ['a detail that is not an object', 'sent'],
    ['no prepared request', { target: TARGET, dedupKey: 'dk', result: {} }],
    ['no target', { prepared: SUMMARY, dedupKey: 'dk', result: {} }],
    ['no de-duplication key', { prepared: SUMMARY, target: TARGET, result: {} }],
    [
      'a de-duplication key that is not a string',
      { prepared: SUMMARY, target: TARGET, dedupKey: 1, result: {} },
    ],
  ])('is null for an entry with %s', (_what, detail) => {
    expect(
      unsettledFromJournal({ time: '2026-01-02T03:04:05.000Z', step: 'outcome', detail }, plan),
    ).toBeNull();
  });

  it('is null for an outcome entry without a result (only "sent" gets one made up)', () => {
    const { result: _r, ...noResult } = outcome();
    expect(
      unsettledFromJournal({ time: '2026-01-02T03:04:05.000Z', step: 'outcome', detail: noResult }, plan),
    ).toBeNull();
    expect(
      unsettledFromJournal({ time: '2026-01-02T03:04:05.000Z', step: 'sent', detail: noResult }, plan),
    ).not.toBeNull();
  });
});
