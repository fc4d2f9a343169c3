/**
 * Issue 25 points 1 and 3 against the sandbox's null quirks (`nullRows`, `nullObjects`,
 * `nullEntries`): the main side (createMainApp with its embedded sandbox) is called through the
 * contract as the renderer calls it. Every read answers: null rows dropped and counted, objects
 * and entries that are null do not throw, the risk board and the loan actions keep working, and
 * the main side keeps serving afterwards. Not one console module: every read boundary, so the
 * file is named after the quirk family.
 */
import { describe, expect, it } from 'vitest';
import type { AllRows } from '../../../src/shared/contract-views';
import type { Loan } from '../../../src/shared/platform/resources';
import type { RiskBoard } from '../../../src/shared/risk';
import { sandboxControl, useResetTestApp, type TestApp } from '../../support/main-app';

let t: TestApp;
let ws: string;
let job = 0;
const jobId = () => `nulls-${++job}`;

useResetTestApp('quirks-nulls', { timeoutMs: 5_000 }, async (app) => {
  t = app;
  ws = t.builtInId;
});

const setQuirks = (quirks: Record<string, unknown>) => sandboxControl(t.app, 'POST', '/quirks', quirks);

/** The main side still answers a plain read once the quirks are gone. */
async function expectStillServing(): Promise<void> {
  await sandboxControl(t.app, 'DELETE', '/quirks');
  const portfolios = await t.call<unknown[]>('portfolios.list', { workspaceId: ws });
  expect(portfolios.ok).toBe(true);
}

const noNulls = (rows: readonly unknown[]) => rows.every((r) => r !== null && typeof r === 'object');

describe('nullRows: a null row in every list', () => {
  it.each([
    ['portfolios.list', {}],
    ['wallets.list', {}],
  ])('%s answers the other rows, without the null', async (name, input) => {
    const clean = await t.value<unknown[]>(name, { workspaceId: ws, ...input });
    await setQuirks({ nullRows: true });
    const rows = await t.value<unknown[]>(name, { workspaceId: ws, ...input });
    expect(noNulls(rows)).toBe(true);
    expect(rows.length).toBe(clean.length - 1);
    await expectStillServing();
  });

  it('agentWallets.list answers the other wallets, without the null, and says it left one out', async () => {
    type Read = { agentWallets: unknown[]; readFrom: string | null; nullRows: number };
    const clean = await t.value<Read>('agentWallets.list', { workspaceId: ws });
    expect(clean).toMatchObject({ readFrom: 'agentWallets', nullRows: 0 });
    await setQuirks({ nullRows: true });
    const read = await t.value<Read>('agentWallets.list', { workspaceId: ws });
    expect(noNulls(read.agentWallets)).toBe(true);
    expect(read.agentWallets.length).toBe(clean.agentWallets.length - 1);
    expect(read.nullRows).toBe(1);
    await expectStillServing();
  });

  it('clearloop.list answers the other actions, without the null', async () => {
    await setQuirks({ nullRows: true });
    const page = await t.value<{ actions: unknown[] }>('clearloop.list', { workspaceId: ws, limit: 10 });
    expect(page.actions.length).toBe(9);
    expect(noNulls(page.actions)).toBe(true);
    await expectStillServing();
  });

  it.each([
    ['loans.listAll', 'loanId'],
    ['activities.listAll', 'activityId'],
    ['cryptoAddresses.listAll', 'cryptoAddressId'],
  ])('%s drops the null rows and counts them', async (name, idField) => {
    await setQuirks({ nullRows: true, pageCap: 25 });
    const all = await t.value<AllRows<Record<string, unknown>>>(name, { workspaceId: ws, jobId: jobId() });
    expect(noNulls(all.items)).toBe(true);
    expect(all.items.every((r) => typeof r[idField] === 'string')).toBe(true);
    // One null per page the platform sent with rows in it.
    expect(all.nullRows).toBeGreaterThan(1);
    expect(all.complete).toBe(false);
    await expectStillServing();
  });
});

describe('nullObjects and nullEntries on loans', () => {
  it('loans.listAll and loans.get answer loans whose extra or embedded is null', async () => {
    await setQuirks({ nullObjects: true });
    const all = await t.value<AllRows<Record<string, unknown>>>('loans.listAll', {
      workspaceId: ws,
      jobId: jobId(),
    });
    expect(all.items.length).toBeGreaterThan(0);
    const loans = await t.value<{ items: Loan[] }>('loans.list', { workspaceId: ws, limit: 100 });
    const withNull = loans.items.filter(
      (l) => (l.extra as unknown) === null || (l.embedded as unknown) === null,
    );
    expect(withNull.length).toBeGreaterThan(0);
    for (const loan of withNull.slice(0, 4)) {
      const one = await t.call<Loan>('loans.get', { workspaceId: ws, loanId: loan.loanId });
      expect(one.ok, JSON.stringify(one)).toBe(true);
    }
    await expectStillServing();
  });

  it('the risk board reads loans with extra, embedded or their entries null, and the watch keeps running', async () => {
    await setQuirks({ nullObjects: true, nullEntries: true });
    const board = await t.value<RiskBoard>('risk.checkNow', { workspaceId: ws });
    expect(board.lastError).toBeNull();
    expect(board.failure ?? null).toBeNull();
    expect(board.loans.length).toBeGreaterThan(0);
    // A second cycle on the same answers: the watch was not left broken by the first.
    const again = await t.value<RiskBoard>('risk.checkNow', { workspaceId: ws });
    expect(again.lastError).toBeNull();
    await expectStillServing();
  });

  it('a loan whose allocations start with null can still be prepared for an action (not "internal")', async () => {
    await setQuirks({ nullEntries: true });
    const loans = await t.value<{ items: Loan[] }>('loans.list', { workspaceId: ws, limit: 100 });
    const loan = loans.items.find((l) => l.status === 'awaiting-approval') ?? loans.items[0];
    expect(loan).toBeDefined();
    const prepared = await t.call<unknown>('actions.prepare', {
      workspaceId: ws,
      action: { kind: 'loans.approve', loanId: loan?.loanId },
    });
    if (!prepared.ok) expect(prepared.error.code, prepared.error.message).not.toBe('internal');
    await expectStillServing();
  });
});

describe('the risk watch when a margin-call loan comes as a null row (issue 25, 2)', () => {
  it('keeps its acknowledgement and cure clock; no new alert once the loan is seen again', async () => {
    const alerts: { kind: string; loanId: string }[] = [];
    const unsubscribe = t.app.events.subscribe((event, payload) => {
      if (event === 'risk-alert') alerts.push(payload as { kind: string; loanId: string });
    });
    try {
      await t.value('risk.configure', { workspaceId: ws, intervalMs: 3_600_000, reminderMs: 3_600_000 });
      await t.value<RiskBoard>('risk.checkNow', { workspaceId: ws });
      // From the seed's 65,000 a small fall moves a BTC-collateralised loan over its threshold.
      const moved = (await sandboxControl(t.app, 'POST', '/prices', { BTC: '62000' })) as {
        transitions: { loanId: string; to: string }[];
      };
      const loanId = moved.transitions.find((m) => m.to === 'margin-call')?.loanId;
      expect(loanId).toBeDefined();
      const called = await t.value<RiskBoard>('risk.checkNow', { workspaceId: ws });
      expect(called.tracked[loanId as string]?.band).toBe('margin-call');
      const acknowledged = await t.value<RiskBoard>('risk.acknowledge', { workspaceId: ws, loanId });
      const was = acknowledged.tracked[loanId as string];
      expect(was?.acknowledgedAt).toBeDefined();

      // Every loan row comes as null (one-row pages, each replaced by null): nothing is seen.
      await setQuirks({ nullRows: true, pageCap: 1 });
      alerts.length = 0;
      const blind = await t.value<RiskBoard>('risk.checkNow', { workspaceId: ws });
      expect(blind.tracked[loanId as string]?.acknowledgedAt).toBe(was?.acknowledgedAt);
      expect(blind.tracked[loanId as string]?.marginCallSeenAt).toBe(was?.marginCallSeenAt);

      await sandboxControl(t.app, 'DELETE', '/quirks');
      const seen = await t.value<RiskBoard>('risk.checkNow', { workspaceId: ws });
      expect(seen.tracked[loanId as string]).toMatchObject({
        band: 'margin-call',
        acknowledgedAt: was?.acknowledgedAt,
        marginCallSeenAt: was?.marginCallSeenAt,
      });
      expect(alerts.filter((a) => a.loanId === loanId && a.kind !== 'reminder')).toEqual([]);
    } finally {
      unsubscribe();
    }
  });
});
