/**
 * What every loan kind shares (src/main/actions/kinds/loan-kind.ts): an allocation's amount as the
 * confirmation shows it, the context lines of the request (the loan as read, the operator's side),
 * a refusal at the allocation field, and a 2xx answer checked against what was asked (the same
 * loan, and not still waiting) before it is called done.
 */
import { describe, expect, it } from 'vitest';
import {
  allocationPatch,
  amountLine,
  amountText,
  loanAnswered,
  loanCheckPlan,
  loanPatch,
  LOAN_OPERATION,
} from '../../../../src/main/actions/kinds/loan-kind';
import type { BuildContext, Judgement } from '../../../../src/main/actions/kinds/kind-spec';
import { buildRequest } from '../../../../src/main/actions/build-request';
import type { LoanAllocation } from '../../../../src/shared/platform/resources';
import { US, THEM } from '../../../support/fixtures/loans';
import { lentLoan, loanAllocation } from '../../../support/fixtures/loan-kind-build';
import { useClientFixture } from '../../../support/fixtures/platform-client';
import { sendJson } from '../../../support/verifying-server';

/** loanPatch and allocationPatch never read: the client is not reached. */
const ctx = { organizationId: US, nextNonce: () => 1 } as unknown as BuildContext;
const KIND = { title: 'Do the thing', mediaType: 'application/vnd.thing+json' };

describe('amountText: an allocation amount as the confirmation shows it', () => {
  it('a string as sent, with its currency', () => {
    expect(amountText(loanAllocation({ amount: '12.5', currency: 'BTC' }))).toBe('12.5 BTC');
  });

  it('a JSON number read with its digits kept, marked', () => {
    const a = {
      ...loanAllocation({}),
      amount: { jsonNumber: '123456789012345678901' },
    } as unknown as LoanAllocation;
    expect(amountText(a)).toBe('123456789012345678901 (a JSON number) BTC');
  });

  it('a JSON number as a double, marked as possibly rounded', () => {
    const a = { ...loanAllocation({}), amount: 12.5 } as unknown as LoanAllocation;
    expect(amountText(a)).toBe('12.5 (a JSON number, possibly rounded) BTC');
  });
});

describe('amountLine: the amount apart only when both amount and currency are strings', () => {
  it('both strings: the amount and currency come apart for formatting', () => {
    expect(amountLine('Amount', '1 BTC', { amount: '1', currency: 'BTC' })).toEqual({
      label: 'Amount',
      value: '1 BTC',
      amount: { value: '1', currency: 'BTC' },
    });
  });

  it('a number for either: the text only, never an amount computed from it', () => {
    expect(amountLine('Amount', '1 BTC', { amount: 1, currency: 'BTC' })).toEqual({
      label: 'Amount',
      value: '1 BTC',
    });
    expect(amountLine('Amount', '1 7', { amount: '1', currency: 7 })).toEqual({
      label: 'Amount',
      value: '1 7',
    });
  });
});

describe('loanPatch: the request and what the confirmation shows about the loan', () => {
  it('no body: no fields; the loan as read and our side in the context, in order', () => {
    const built = loanPatch(ctx, KIND, lentLoan({ status: 'awaiting-approval', amount: '5' }, []), null, {});
    expect(built).toEqual({
      ok: true,
      value: {
        title: 'Do the thing',
        target: 'Loan loan-1',
        method: LOAN_OPERATION.method,
        path: `/organizations/${US}/loans/loan-1`,
        contentType: 'application/vnd.thing+json',
        body: null,
        fields: [],
        context: [
          { label: 'Loan amount', value: '5 BTC', amount: { value: '5', currency: 'BTC' } },
          { label: 'Status now', value: 'awaiting-approval' },
          { label: 'Your side', value: 'lend' },
        ],
        warnings: [],
        expect: expect.anything() as unknown,
        check: { loanId: 'loan-1' },
      },
    });
  });

  it('a body: its bytes and every field; the external id first, extra lines and warnings after', () => {
    const built = loanPatch(
      ctx,
      KIND,
      lentLoan({ externalId: 'EXT-7' }, []),
      { loanAllocationId: 'alloc-1', amount: '2' },
      {
        context: [{ label: 'More', value: 'x' }],
        warnings: ['careful'],
        check: { loanAllocationId: 'alloc-1' },
      },
    );
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(built.value.body).toBe('{"loanAllocationId":"alloc-1","amount":"2"}');
    expect(built.value.fields).toEqual([
      { name: 'loanAllocationId', value: 'alloc-1' },
      { name: 'amount', value: '2' },
    ]);
    expect(built.value.context.map((c) => c.label)).toEqual([
      'External id',
      'Loan amount',
      'Status now',
      'Your side',
      'More',
    ]);
    expect(built.value.context[0]).toEqual({ label: 'External id', value: 'EXT-7' });
    expect(built.value.warnings).toEqual(['careful']);
    expect(built.value.check).toEqual({ loanId: 'loan-1', loanAllocationId: 'alloc-1' });
  });

  it('a loan on neither of our sides says so', () => {
    const built = loanPatch(
      ctx,
      KIND,
      lentLoan({ lenderOrganizationId: THEM, borrowerOrganizationId: 'org-else' }, []),
      null,
      {},
    );
    expect(built.ok && built.value.context).toContainEqual({ label: 'Your side', value: 'none' });
  });

  it('a loan id that is not a path segment is refused, and nothing is built', () => {
    const built = loanPatch(ctx, KIND, lentLoan({ loanId: '..' }, []), null, {});
    expect(built).toEqual({
      ok: false,
      error: { code: 'bad-input', message: '".." is not a valid path segment' },
    });
  });
});

describe('allocationPatch: the allocation picked, or a refusal at its field', () => {
  const loan = lentLoan({}, [loanAllocation({ allocationType: 'interest', status: 'awaiting-acceptance' })]);

  it('shows the allocation amount under its label, and its type and status', () => {
    const built = allocationPatch(
      ctx,
      KIND,
      loan,
      { ok: true, allocation: loanAllocation({ allocationType: 'interest' }), warnings: ['w'] },
      'Interest amount',
      { loanAllocationId: 'alloc-1' },
    );
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(built.value.context.slice(-2)).toEqual([
      { label: 'Interest amount', value: '12.5 BTC', amount: { value: '12.5', currency: 'BTC' } },
      { label: 'Allocation', value: 'interest, awaiting-acceptance' },
    ]);
    expect(built.value.warnings).toEqual(['w']);
    expect(built.value.check).toEqual({ loanId: 'loan-1', loanAllocationId: 'alloc-1' });
  });

  it('no allocation found: no allocation lines', () => {
    const built = allocationPatch(ctx, KIND, loan, { ok: true, allocation: null, warnings: [] }, 'X', {
      loanAllocationId: 'alloc-9',
    });
    expect(built.ok && built.value.context.map((c) => c.label)).toEqual([
      'Loan amount',
      'Status now',
      'Your side',
    ]);
  });

  it('refused by the allocation: the refusal names the field; by the loan: no field', () => {
    expect(
      allocationPatch(ctx, KIND, loan, { ok: false, why: 'not that one', byAllocation: true }, 'X', {
        loanAllocationId: 'a',
      }),
    ).toEqual({
      ok: false,
      error: { code: 'bad-input', message: 'not that one', field: 'loanAllocationId' },
    });
    expect(
      allocationPatch(ctx, KIND, loan, { ok: false, why: 'not now' }, 'X', { loanAllocationId: 'a' }),
    ).toEqual({ ok: false, error: { code: 'bad-input', message: 'not now' } });
  });
});

describe('loanAnswered: a 2xx answer is done only when it shows what was asked', () => {
  const settled = (s: Judgement['settled'], found = 'found it'): Judgement => ({ settled: s, found });
  const answered = loanAnswered(() => settled('done'));
  const asked = { kind: 'loans.approve' as const, loanId: 'loan-1' };

  it('the same loan, not still waiting: done, with its status', () => {
    const loan = lentLoan({ status: 'active' }, []);
    expect(answered(loan, asked)).toEqual({
      outcome: 'done',
      headline: 'Done: the platform returned the loan in status “active”.',
      answer: loan,
      loan,
    });
  });

  it('another loan: unknown, naming both, its id clipped to 80 characters', () => {
    const other = 'L'.repeat(100);
    const r = answered({ loanId: other }, asked);
    expect(r.outcome).toBe('unknown');
    expect(r.headline).toBe(
      `Answered, but the loan does not show it: check now. The answer is loan ${'L'.repeat(80)}, not loan loan-1. ` +
        'Do not send it again: check what the platform did first.',
    );
    expect(r.status).toBe(200);
  });

  it('not a loan (null, text, no id): unknown, saying it is not a loan with an id', () => {
    for (const answer of [null, 'loan-1', { id: 'loan-1' }, { loanId: 7 }])
      expect(answered(answer, asked).headline, JSON.stringify(answer)).toContain(
        'The answer is not a loan with an id, not loan loan-1.',
      );
  });

  it('the same loan still waiting: unknown, with what the judgement found', () => {
    const waiting = loanAnswered(() => settled('not-done', 'Still awaiting approval.'));
    expect(waiting(lentLoan({}, []), asked).headline).toBe(
      'Answered, but the loan does not show it: check now. Still awaiting approval. ' +
        'Do not send it again: check what the platform did first.',
    );
  });

  it('nothing asked recorded (an action restored from an old journal): judged by the answer alone', () => {
    const loan = lentLoan({ status: 'active' }, []);
    const waiting = loanAnswered(() => settled('not-done'));
    expect(waiting(loan, undefined).outcome).toBe('done');
  });

  it('a judgement that cannot tell is not a mismatch', () => {
    expect(loanAnswered(() => settled(null))(lentLoan({}, []), asked).outcome).toBe('done');
  });
});

describe('loanCheckPlan', () => {
  it('reads the loan and its allocations', () => {
    expect(loanCheckPlan({ kind: 'loans.approve', loanId: 'L9' })).toEqual({
      available: true,
      what: 'Reads loan L9 and its allocations.',
    });
  });
});

describe('a loan kind reads the loan first', () => {
  const fx = useClientFixture();

  it('a failed read is passed on, and no request is built', async () => {
    fx.server.setHandler((_req, res) => sendJson(res, 404, { error: 'not-found', message: 'no such loan' }));
    const built = await buildRequest(
      { client: fx.client(), organizationId: US, nextNonce: () => 1 },
      { kind: 'loans.approve', loanId: 'loan-1' },
    );
    expect(built.ok).toBe(false);
    expect(fx.server.hits.map((h) => h.method)).toEqual(['GET']);
  });
});
