/**
 * Prepared, one-shot actions through the real main side (router, action service, platform client)
 * against the embedded sandbox, counting on the sandbox's side what reached it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MainApp } from '../../../src/main/app/create-app';
import type { ActionResult, CheckResult, PreparedAction } from '../../../src/shared/actions';
import { canApprove, loanSide } from '../../../src/shared/loan-actions';
import type { Loan } from '../../../src/shared/platform/resources';
import type { Result } from '../../../src/shared/result';
import { requestCount, sandboxControl, startTestApp, type TestApp } from '../../support/main-app';
import { BAD_AMOUNTS } from '../../support/fixtures/bad-amounts';

let testApp: TestApp;
let app: MainApp;
let ws: string;
let org: string;

const control = (method: string, path: string, body?: unknown): Promise<unknown> =>
  sandboxControl(app, method, path, body);
const patches = () => requestCount(app, 'PATCH', '/organizations/');

async function call<T>(name: string, input: unknown): Promise<Result<T>> {
  return (await app.router.dispatch(name, input)) as Result<T>;
}
const prepare = (action: unknown) => call<PreparedAction>('actions.prepare', { workspaceId: ws, action });
const execute = (id: string, phrase?: string) =>
  call<ActionResult>('actions.execute', { id, ...(phrase ? { phrase } : {}) });

async function loansIn(status: string): Promise<Loan[]> {
  const res = await call<{ items: Loan[] }>('loans.list', {
    workspaceId: ws,
    statuses: [status],
    limit: 1000,
  });
  if (!res.ok) throw new Error(res.error.message);
  return res.value.items;
}
/** A loan this workspace may approve (it is the lender), not used by an earlier test. */
async function approvable(): Promise<Loan> {
  const loans = await loansIn('awaiting-approval');
  const loan = loans.find((l) => canApprove(l, loanSide(l, org)).ok);
  if (loan === undefined) throw new Error('the sandbox has no loan left to approve');
  return loan;
}

/** The next PATCH to a loan meets the sandbox's fault `mode` once. */
const faultNextPatch = (mode: string) =>
  control('POST', '/faults', { method: 'PATCH', pathPrefix: '/organizations/', mode, times: 1 });

/** Prepares an approve of a fresh loan; a refusal throws. */
async function prepareApprove(): Promise<{ loan: Loan; prepared: PreparedAction }> {
  const loan = await approvable();
  const prepared = await prepare({ kind: 'loans.approve', loanId: loan.loanId });
  if (!prepared.ok) throw new Error(prepared.error.message);
  return { loan, prepared: prepared.value };
}

beforeAll(async () => {
  testApp = await startTestApp('actions', { timeoutMs: 1_000 });
  app = testApp.app;
  const list = await call<{ activeId: string }>('workspaces.list', {});
  if (!list.ok) throw new Error(list.error.message);
  ws = list.value.activeId;
  org = app.sandbox.organizationId;
});
afterAll(() => testApp.close());
afterEach(async () => {
  vi.useRealTimers();
  await control('DELETE', '/faults');
});

describe('prepared actions', () => {
  it('prepare builds the exact request; execute sends it once; a second execute is refused', async () => {
    const loan = await approvable();
    const before = await patches();
    const prepared = await prepare({ kind: 'loans.approve', loanId: loan.loanId });
    expect(prepared.ok).toBe(true);
    if (!prepared.ok) return;
    expect(prepared.value.request).toMatchObject({
      method: 'PATCH',
      contentType: 'application/vnd.approve-loan+json',
      body: null,
    });
    expect(prepared.value.request.url).toMatch(
      new RegExp(`/platform/organizations/[^/]+/loans/${loan.loanId}$`),
    );
    expect(await patches()).toBe(before); // preparing sends nothing
    const first = await execute(prepared.value.id);
    expect(first.ok && first.value.outcome).toBe('done');
    const second = await execute(prepared.value.id);
    expect(!second.ok && second.error.code).toBe('prepared-used');
    expect(await patches()).toBe(before + 1);

    // The journal has every step, in order, and "sent" was on disk before the request arrived.
    const page = await call<{ rows: Array<{ seq: number; step: string; time: string }> }>('journal.query', {
      workspaceId: ws,
      search: prepared.value.id,
      limit: 100,
    });
    if (!page.ok) throw new Error(page.error.message);
    const steps = [...page.value.rows].sort((a, b) => a.seq - b.seq);
    expect(steps.map((r) => r.step)).toEqual(['prepared', 'sent', 'answered', 'outcome']);
    const log = (await control(
      'GET',
      `/requests?method=PATCH&pathPrefix=${encodeURIComponent(`/organizations/${org}/loans/${loan.loanId}`)}`,
    )) as { requests: Array<{ at: string }> };
    const arrived = Number(log.requests.at(-1)?.at);
    expect(Date.parse(steps[1]!.time)).toBeLessThanOrEqual(arrived);
  });

  it('an approve whose answer is lost is "unknown", and Check now finds it approved, with no second PATCH', async () => {
    await faultNextPatch('drop-after-commit');
    const before = await patches();
    const { loan, prepared } = await prepareApprove();
    const result = await execute(prepared.id);
    expect(result.ok && result.value.outcome).toBe('unknown');
    expect(result.ok && result.value.headline).not.toMatch(/fail/i);
    expect(result.ok && result.value.check?.available).toBe(true);
    // While unsettled, the same action on the same loan is refused, even freshly prepared.
    const again = await prepare({ kind: 'loans.approve', loanId: loan.loanId });
    expect(!again.ok && again.error.code).toBe('action-in-progress');
    const unsettled = await call<unknown[]>('actions.unsettled', { workspaceId: ws });
    expect(unsettled.ok && unsettled.value).toHaveLength(1);
    const checked = await call<CheckResult>('actions.check', { id: prepared.id });
    expect(checked.ok && checked.value.settled).toBe('done');
    expect(checked.ok && checked.value.found).toMatch(/took effect/);
    expect(await patches()).toBe(before + 1);
    const after = await call<unknown[]>('actions.unsettled', { workspaceId: ws });
    expect(after.ok && after.value).toHaveLength(0);
  });

  it('a 500 before commit is unknown too, and Check now finds it not done', async () => {
    await faultNextPatch('500-before-commit');
    const { prepared } = await prepareApprove();
    const result = await execute(prepared.id);
    expect(result.ok && result.value.outcome).toBe('unknown');
    const checked = await call<CheckResult>('actions.check', { id: prepared.id });
    expect(checked.ok && checked.value.settled).toBe('not-done');
  });

  it('three concurrent executes of the same approve send one PATCH', async () => {
    const loan = await approvable();
    const before = await patches();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const p = await prepare({ kind: 'loans.approve', loanId: loan.loanId });
      if (!p.ok) throw new Error(p.error.message);
      ids.push(p.value.id);
    }
    const results = await Promise.all(ids.map((id) => execute(id)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.error.code)).toEqual([
      'action-in-progress',
      'action-in-progress',
    ]);
    expect(await patches()).toBe(before + 1);
  });

  it('an expired prepared action is refused and sends nothing', async () => {
    const { prepared } = await prepareApprove();
    const before = await patches();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Number(prepared.expiresAt) + 1);
    const result = await execute(prepared.id);
    expect(!result.ok && result.error.code).toBe('prepared-expired');
    vi.useRealTimers();
    expect(await patches()).toBe(before);
  });

  it.each([...BAD_AMOUNTS, [' 1', /spaces/] as const])(
    'refuses the repayment amount %j at the field, sending nothing',
    async (amount, says) => {
      const loan = (await loansIn('repaying'))[0]!;
      const before = await patches();
      const prepared = await prepare({ kind: 'loans.acceptRepayment', loanId: loan.loanId, amount });
      expect(!prepared.ok && prepared.error.code).toBe('bad-input');
      expect(!prepared.ok && prepared.error.field).toBe('action.amount');
      expect(!prepared.ok && prepared.error.message).toMatch(says);
      expect(await patches()).toBe(before);
    },
  );

  it('refuses a repayment amount above the requested one, at the field, sending nothing', async () => {
    const loans = await loansIn('repaying');
    const before = await patches();
    let refused = 0;
    for (const loan of loans) {
      const requested = loan.embedded?.loanAllocations?.find(
        (a) => a.status === 'awaiting-acceptance',
      )?.amount;
      const prepared = await prepare({
        kind: 'loans.acceptRepayment',
        loanId: loan.loanId,
        amount: `${requested ?? '1'}1`,
      });
      if (!prepared.ok && prepared.error.field === 'amount') {
        expect(prepared.error.message).toMatch(/at most the requested/);
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(0);
    expect(await patches()).toBe(before);
  });

  it('shows every field that will be signed, with the currency beside the amount', async () => {
    const loans = await loansIn('repaying');
    for (const loan of loans) {
      const prepared = await prepare({ kind: 'loans.acceptRepayment', loanId: loan.loanId });
      if (!prepared.ok) continue;
      const body = JSON.parse(prepared.value.request.body ?? '{}') as Record<string, string>;
      expect(prepared.value.fields.map((f) => f.name)).toEqual(Object.keys(body));
      const requested = loan.embedded?.loanAllocations?.find(
        (a) => a.loanAllocationId === body.loanAllocationId,
      );
      expect(prepared.value.fields.find((f) => f.name === 'amount')?.note).toBe(
        (requested ?? loan.embedded?.loanAllocations?.find((a) => a.status === 'awaiting-acceptance'))
          ?.currency,
      );
      return;
    }
    throw new Error('no repayment awaiting the caller');
  });

  it('a production workspace refuses execute without the typed phrase, on the main side', async () => {
    const created = await call<{ id: string }>('workspaces.create', {
      name: 'Production desk',
      environment: 'production',
      organizationId: 'org-prod-1',
    });
    if (!created.ok) throw new Error(created.error.message);
    const prod = created.value.id;
    const key = await call('keychain.setKey', {
      workspaceId: prod,
      apiKey: 'prod-key',
      apiSecret: 'prod-secret-x',
    });
    expect(key.ok).toBe(true);
    // An exchange action needs no read to prepare: nothing leaves this machine in this test.
    const prepared = await call<PreparedAction>('actions.prepare', {
      workspaceId: prod,
      action: { kind: 'exchange.submit', action: { type: 'scheduleCancel' } },
    });
    if (!prepared.ok) throw new Error(prepared.error.message);
    // The phrase is the workspace's name: the old constant word is refused like any other.
    expect(prepared.value.phraseRequired).toBe('Production desk');
    for (const phrase of [undefined, '', 'production', 'production desk', 'Production desk ']) {
      const result = await execute(prepared.value.id, phrase);
      expect(!result.ok && result.error.code).toBe('confirmation-required');
    }
    await call('workspaces.remove', { id: prod });
  });
});

describe('the LTV estimate and dry run are reads (issue 27)', () => {
  it('send one PATCH each, answered with the request as sent, and leave nothing in the journal', async () => {
    const [loan] = await loansIn('active');
    if (loan === undefined) throw new Error('the sandbox has no active loan');
    const journalled = async () => {
      const page = await call<{ total: number }>('journal.query', { workspaceId: ws, limit: 1 });
      if (!page.ok) throw new Error(page.error.message);
      return page.value.total;
    };
    const unsettled = async () => {
      const list = await call<unknown[]>('actions.unsettled', {});
      return list.ok ? list.value.length : -1;
    };
    const [patchesBefore, entriesBefore, unsettledBefore] = [
      await patches(),
      await journalled(),
      await unsettled(),
    ];
    const estimate = await call<{ answer: Loan; sent: { body: string; contentType: string } }>(
      'loans.estimateLtv',
      { workspaceId: ws, loanId: loan.loanId, amount: String(loan.amount) },
    );
    expect(estimate.ok && estimate.value.answer.loanId).toBe(loan.loanId);
    expect(estimate.ok && estimate.value.sent).toMatchObject({
      contentType: 'application/vnd.estimate-loan-ltv+json',
      body: JSON.stringify({ amount: String(loan.amount) }),
    });
    const dry = await call<{ answer: { ltv?: unknown } }>('loans.ltvDryRun', {
      workspaceId: ws,
      body: { loanAmount: '32500', loanCurrency: 'USDC', collaterals: [{ amount: '1', currency: 'BTC' }] },
    });
    expect(dry.ok && typeof dry.value.answer.ltv).toBe('string');
    expect(await patches()).toBe(patchesBefore + 2);
    expect(await journalled()).toBe(entriesBefore);
    expect(await unsettled()).toBe(unsettledBefore);
  });

  it('are no kind of action: prepare refuses them before anything is read', async () => {
    const refused = await prepare({ kind: 'loans.estimateLtv', loanId: 'L1', amount: '1' });
    expect(!refused.ok && refused.error.code).toBe('bad-input');
  });
});
