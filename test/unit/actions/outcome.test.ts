import { describe, expect, it } from 'vitest';
import { classifyResult, outcomeOfFailure } from '../../../src/main/actions/outcome';
import { DO_NOT_RESEND } from '../../../src/main/actions/kinds/kind-spec';
import { fail, type AppError, type ErrorCode } from '../../../src/shared/result';

const err = (code: ErrorCode, extra: Partial<AppError> = {}): AppError => ({ code, message: 'm', ...extra });

describe('outcome of a failed action', () => {
  it.each<[string, AppError]>([
    ['a timeout after sending', err('timeout')],
    ['a connection reset after sending', err('network', { delivery: 'maybe-sent' })],
    ['a network error of unknown kind', err('network')],
    ['a 500', err('server-error', { status: 500 })],
    ['a 502 from a proxy', err('server-error', { status: 502 })],
    ['an unreadable 200', err('bad-response', { status: 200 })],
    ['a cut-off answer', err('bad-response', { status: 200 })],
    ['a redirect (not followed)', err('http-error', { status: 302 })],
    ['a bug while reading the answer', err('internal')],
    // Only an http-error's 4xx is the platform's refusal: a 4xx answer that could not be read says nothing.
    ['an unreadable 4xx answer', err('bad-response', { status: 422 })],
  ])('%s is unknown, never failed', (_name, error) => {
    expect(outcomeOfFailure(error)).toBe('unknown');
  });

  it.each<[string, AppError]>([
    ['400 bad-request', err('bad-request', { status: 400 })],
    ['403 forbidden', err('forbidden', { status: 403 })],
    ['409 conflict', err('conflict', { status: 409 })],
    ['404 not found', err('not-found', { status: 404 })],
    ['401', err('auth-failed', { status: 401 })],
    ['429', err('rate-limited', { status: 429 })],
    ['422 (other 4xx)', err('http-error', { status: 422 })],
    ['a connection refused', err('network', { delivery: 'not-sent' })],
    ['a locked vault', err('vault-locked')],
    ['the lockout guard', err('guard-refused', { delivery: 'not-sent' })],
    ['a clock-skew refusal', err('clock-skew', { status: 401 })],
  ])('%s is refused (nothing happened)', (_name, error) => {
    expect(outcomeOfFailure(error)).toBe('refused');
  });

  it('says "unknown" in the headline and never "failed"', () => {
    const r = classifyResult('act_x', 'loans.approve', fail('timeout', 'no answer within 30 s'));
    expect(r.outcome).toBe('unknown');
    expect(r.headline).toMatch(/^Outcome unknown/);
    expect(r.headline).not.toMatch(/fail/i);
  });
});

describe('the 4xx range of an http-error', () => {
  it.each<[number | undefined, string]>([
    [399, 'unknown'],
    [400, 'refused'],
    [499, 'refused'],
    [500, 'unknown'],
    [undefined, 'unknown'],
  ])('HTTP %s is %s', (status, outcome) => {
    expect(outcomeOfFailure(err('http-error', status === undefined ? {} : { status }))).toBe(outcome);
  });
});

describe('the headline and status of a failed action', () => {
  const UNKNOWN = (why: string) =>
    `Outcome unknown: the request may have reached the platform, but ${why}. ${DO_NOT_RESEND}`;

  it.each<[string, AppError, string]>([
    ['a timeout', err('timeout'), UNKNOWN('no answer came in time')],
    [
      'a 503',
      err('server-error', { status: 503 }),
      UNKNOWN('the platform failed while answering (HTTP 503)'),
    ],
    [
      'a server error with no status',
      err('server-error'),
      UNKNOWN('the platform failed while answering (HTTP 5xx)'),
    ],
    ['an unreadable answer', err('bad-response', { status: 200 }), UNKNOWN('its answer could not be read')],
    [
      'a dropped connection',
      err('network', { delivery: 'maybe-sent' }),
      UNKNOWN('the connection ended without an answer'),
    ],
    [
      'a refusal before sending',
      err('guard-refused', { message: 'Too many attempts.', delivery: 'not-sent' }),
      'Not sent: Too many attempts. Nothing happened on the platform.',
    ],
    [
      'a refusal with no status',
      err('vault-locked', { message: 'The vault is locked.' }),
      'Not sent: The vault is locked. Nothing happened on the platform.',
    ],
    [
      'a connection refused, though a status is known',
      err('network', { message: 'Refused.', delivery: 'not-sent', status: 400 }),
      'Not sent: Refused. Nothing happened on the platform.',
    ],
    [
      "the platform's refusal with its code",
      err('conflict', {
        message: 'Loan is not awaiting approval.',
        status: 409,
        platformError: 'LOAN_STATE',
      }),
      'Refused by the platform (HTTP 409 LOAN_STATE): Loan is not awaiting approval. Nothing happened.',
    ],
    [
      "the platform's refusal without a code",
      err('http-error', { message: 'Unprocessable.', status: 422 }),
      'Refused by the platform (HTTP 422): Unprocessable. Nothing happened.',
    ],
  ])('%s', (_name, error, headline) => {
    expect(classifyResult('act_x', 'loans.approve', fail(error.code, error.message, error))).toEqual({
      id: 'act_x',
      kind: 'loans.approve',
      outcome: headline.startsWith('Outcome unknown') ? 'unknown' : 'refused',
      headline,
      error: expect.objectContaining({ code: error.code, message: error.message }),
      ...(error.status !== undefined ? { status: error.status } : {}),
    });
  });

  it('keeps no status key when the error has none', () => {
    expect('status' in classifyResult('a', 'loans.approve', fail('timeout', 'late'))).toBe(false);
  });
});

describe('outcome of an exchange answer, order by order', () => {
  const ok = (statuses: unknown[]) => ({
    ok: true as const,
    value: { status: 'ok', response: { type: 'order', data: { statuses } } },
  });

  it('is done when every order rests or fills', () => {
    const r = classifyResult(
      'a',
      'exchange.submit',
      ok([{ resting: { oid: 7 } }, { filled: { oid: 8, totalSz: '0.1', avgPx: '30000' } }]),
    );
    expect(r.outcome).toBe('done');
    expect(r.exchange?.verdict).toBe('all-ok');
    expect(r.exchange?.statuses).toEqual([
      { kind: 'resting', oid: '7' },
      { kind: 'filled', oid: '8', totalSz: '0.1', avgPx: '30000' },
    ]);
  });

  it('is partly failed, never success, when one order of the batch has an error', () => {
    const r = classifyResult(
      'a',
      'exchange.submit',
      ok([{ resting: { oid: 7 } }, { error: 'Order has zero size.' }]),
    );
    expect(r.exchange?.verdict).toBe('partly-failed');
    expect(r.headline).toMatch(/^Partly failed: the exchange refused 1 of 2/);
    expect(r.exchange?.statuses[1]).toEqual({ kind: 'error', message: 'Order has zero size.' });
  });

  it('is refused when every entry is an error, or the exchange answers status err', () => {
    expect(classifyResult('a', 'exchange.submit', ok([{ error: 'x' }])).outcome).toBe('refused');
    const whole = classifyResult('a', 'exchange.submit', {
      ok: true,
      value: { status: 'err', response: 'Insufficient margin' },
    });
    expect(whole.outcome).toBe('refused');
    expect(whole.headline).toMatch(/Insufficient margin/);
  });
});

describe('the exchange verdict counts the orders sent, not the answer’s statuses (finding 11)', () => {
  const ok = (statuses: unknown[]) => ({
    ok: true as const,
    value: { status: 'ok', response: { type: 'order', data: { statuses } } },
  });

  it('is unknown, never done, when 3 orders were sent and 2 statuses came back', () => {
    const r = classifyResult('a', 'exchange.submit', ok([{ resting: { oid: 7 } }, { resting: { oid: 8 } }]), {
      kind: 'exchange.submit',
      entries: 3,
    });
    expect(r.outcome).toBe('unknown');
    expect(r.exchange?.unanswered).toBe(1);
    expect(r.headline).toMatch(/2 of the 3 entries sent/);
    expect(r.headline).toMatch(/Do not send it again/);
    expect(r.headline).not.toMatch(/fail/i);
  });

  it('is unknown when every status is an error but one entry went unanswered', () => {
    const r = classifyResult('a', 'exchange.submit', ok([{ error: 'x' }]), {
      kind: 'exchange.submit',
      entries: 2,
    });
    expect(r.outcome).toBe('unknown');
  });

  it('is unknown for more statuses than entries sent, and done when they match', () => {
    const extra = classifyResult('a', 'exchange.submit', ok(['success', 'success']), {
      kind: 'exchange.submit',
      entries: 1,
    });
    expect(extra.outcome).toBe('unknown');
    const even = classifyResult('a', 'exchange.submit', ok(['success', 'success']), {
      kind: 'exchange.submit',
      entries: 2,
    });
    expect(even.outcome).toBe('done');
  });
});

describe('a 2xx loan answer is checked against what was asked (finding 11)', () => {
  const loan = (over: Record<string, unknown>) => ({
    ok: true as const,
    value: { loanId: 'L1', status: 'active', amount: '1', currency: 'BTC', ...over },
  });

  it('approve answered with the loan still awaiting approval is unknown with Check now, not done', () => {
    const r = classifyResult('a', 'loans.approve', loan({ status: 'awaiting-approval' }), {
      kind: 'loans.approve',
      loanId: 'L1',
    });
    expect(r.outcome).toBe('unknown');
    expect(r.headline).toMatch(/^Answered, but the loan does not show it: check now\./);
    expect(r.headline).not.toMatch(/fail/i);
    expect(r.answer).toBeDefined();
  });

  it('an answer about another loan is unknown', () => {
    const r = classifyResult('a', 'loans.approve', loan({ loanId: 'L2' }), {
      kind: 'loans.approve',
      loanId: 'L1',
    });
    expect(r.outcome).toBe('unknown');
    expect(r.headline).toMatch(/L2.*L1/);
    expect(r.loan).toBeUndefined();
  });

  it('an allocation still awaiting acceptance after the accept is unknown; a status the console cannot place stays done', () => {
    const asked = { kind: 'loans.acceptRepayment' as const, loanId: 'L1', loanAllocationId: 'A1' };
    const waiting = loan({
      embedded: { loanAllocations: [{ loanAllocationId: 'A1', status: 'awaiting-acceptance' }] },
    });
    expect(classifyResult('a', 'loans.acceptRepayment', waiting, asked).outcome).toBe('unknown');
    const elsewhere = loan({
      embedded: { loanAllocations: [{ loanAllocationId: 'A1', status: 'settling' }] },
    });
    expect(classifyResult('a', 'loans.acceptRepayment', elsewhere, asked).outcome).toBe('done');
    const approved = classifyResult('a', 'loans.approve', loan({ status: 'disbursing' }), {
      kind: 'loans.approve',
      loanId: 'L1',
    });
    expect(approved.outcome).toBe('done');
  });
});
