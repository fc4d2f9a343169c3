/**
 * The risk watch against a fake platform client (issue 25):
 * - a loan missing from a walk is "not seen": its acknowledgement and cure clock stay, and it does
 *   not come back as a new alert; it is forgotten only once read closed;
 * - it sends nothing: every request is a GET, and the top-up comes from the loan's own figures;
 * - a cycle that throws is reported ("the risk watch failed: …; retrying in …") and retried, and the
 *   watch recovers on its own;
 * - loan ids that name Object.prototype's members are keys like any other;
 * - it keeps the alerts it raised, for a renderer that reloads.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RiskWatch, type RiskWatchDeps } from '../../../src/main/risk/risk-watch';
import { RiskStateFile } from '../../../src/main/risk/risk-state-file';
import type { WorkspaceClient } from '../../../src/main/platform/platform-clients';
import type { Loan } from '../../../src/shared/platform/resources';
import type { RiskAlert } from '../../../src/shared/risk';
import type { JobFailure } from '../../../src/shared/job-status';

const WS = 'ws-1';
const dirs: string[] = [];
const watches: RiskWatch[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const w of watches.splice(0)) w.close();
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

function loan(loanId: string, over: Partial<Record<string, unknown>> = {}): Loan {
  return {
    loanId,
    status: 'active',
    amount: '100000',
    currency: 'USDC',
    debtRatio: '0.85',
    debtRatioStatus: 'margin-call',
    debtRatioUpdatedAt: String(Date.now()),
    updatedAt: '1700000000000',
    extra: { marginCallThreshold: '0.8', defaultThreshold: '0.9', initialLtv: '0.5' },
    embedded: { collaterals: [{ amount: '2', currency: 'BTC', mainCurrency: 'BTC' }] },
    ...over,
  } as unknown as Loan;
}

/** A platform holding `loans`; `hidden` loans are left out of the open-loans walk (a lost row). */
class FakePlatform {
  loans = new Map<string, Loan>();
  hidden = new Set<string>();
  /** Ids the platform no longer answers even by id (moved out of reach for a while). */
  unreachable = new Set<string>();
  methods: string[] = [];
  throwNext = 0;

  request = (req: { method: string; query: string }) => {
    this.methods.push(req.method);
    if (this.throwNext > 0) {
      this.throwNext--;
      // What a bug on an unexpected answer looks like: a synchronous TypeError.
      throw new TypeError("Cannot read properties of null (reading 'collaterals')");
    }
    const q = new URLSearchParams(req.query);
    const offset = Number(q.get('offset') ?? 0);
    const limit = Number(q.get('limit') ?? 1000);
    const ids = q.get('loanIds')?.split(',');
    let rows = [...this.loans.values()];
    if (ids) rows = rows.filter((l) => ids.includes(l.loanId) && !this.unreachable.has(l.loanId));
    if (q.get('isOpen') === 'true')
      rows = rows.filter((l) => !this.hidden.has(l.loanId) && !['repaid', 'closed'].includes(l.status));
    return Promise.resolve({ ok: true, value: { loans: rows.slice(offset, offset + limit) } });
  };
}

async function rig(platform: FakePlatform, extra: Partial<RiskWatchDeps> = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'copper-risk-watch-'));
  dirs.push(dir);
  const alerts: RiskAlert[] = [];
  const changes: (JobFailure | null)[] = [];
  const waiting: ((failure: JobFailure | null) => void)[] = [];
  /** Resolves with the failure the next `onChanged` reports: the event itself, not a time. */
  const nextChange = () => new Promise<JobFailure | null>((resolve) => waiting.push(resolve));
  const errors: string[] = [];
  const client = {
    client: { request: platform.request },
    workspace: { organizationId: 'org', name: 'Test' },
  };
  const watch = new RiskWatch({
    clients: {
      forWorkspace: () => Promise.resolve({ ok: true, value: client as unknown as WorkspaceClient }),
    },
    state: await RiskStateFile.open(dir),
    journal: null,
    notify: null,
    onAlert: (a) => alerts.push(a),
    onChanged: (_id, failure) => {
      changes.push(failure);
      for (const resolve of waiting.splice(0)) resolve(failure);
    },
    warn: () => undefined,
    error: (m) => errors.push(m),
    ...extra,
  });
  watches.push(watch);
  await watch.configure(WS, { intervalMs: 3_600_000, reminderMs: 3_600_000 });
  return { watch, alerts, changes, errors, nextChange };
}

describe('RiskWatch', () => {
  it('keeps an acknowledged margin call through a cycle that did not see it, without a new alert', async () => {
    const platform = new FakePlatform();
    platform.loans.set('L1', loan('L1'));
    platform.loans.set('L2', loan('L2', { debtRatio: '0.3', debtRatioStatus: 'healthy' }));
    const { watch, alerts } = await rig(platform);
    await watch.board(WS);
    expect(alerts.map((a) => [a.loanId, a.kind])).toEqual([['L1', 'margin-call']]);
    const first = (await watch.acknowledge(WS, 'L1')) as {
      ok: true;
      value: { tracked: Record<string, unknown> };
    };
    const before = first.value.tracked.L1 as { marginCallSeenAt: string; acknowledgedAt: string };
    expect(before.acknowledgedAt).toMatch(/^\d+$/);

    // The walk loses L1 (an update moved it) and the platform does not answer it by id either.
    platform.hidden.add('L1');
    platform.unreachable.add('L1');
    const missed = await watch.checkNow(WS);
    expect(missed.loans.map((l) => l.loanId)).toEqual(['L2']);
    expect(missed.tracked.L1).toMatchObject({
      band: 'margin-call',
      marginCallSeenAt: before.marginCallSeenAt,
      acknowledgedAt: before.acknowledgedAt,
    });
    expect(missed.notSeen).toBe(1);

    // Back: still the same margin call, acknowledged; no new alert, no restarted cure clock.
    platform.hidden.clear();
    platform.unreachable.clear();
    alerts.length = 0;
    const back = await watch.checkNow(WS);
    expect(alerts).toEqual([]);
    expect(back.tracked.L1).toMatchObject({
      marginCallSeenAt: before.marginCallSeenAt,
      acknowledgedAt: before.acknowledgedAt,
    });
  });

  it('keeps every alert it raised for a renderer that reloads (risk.alerts), oldest first', async () => {
    const platform = new FakePlatform();
    platform.loans.set('L1', loan('L1'));
    const { watch, alerts } = await rig(platform);
    await watch.board(WS);
    platform.loans.set('L1', loan('L1', { debtRatio: '0.3', debtRatioStatus: 'healthy' }));
    await watch.checkNow(WS);
    expect(alerts.map((a) => a.kind)).toEqual(['margin-call', 'healthy']);
    expect(watch.alerts(WS)).toEqual(alerts);
    expect(watch.alerts()).toEqual(alerts);
    expect(watch.alerts('another workspace')).toEqual([]);
  });

  it('reads a loan the walk lost back by id, and forgets a loan only once it is read closed', async () => {
    const platform = new FakePlatform();
    platform.loans.set('L1', loan('L1'));
    const { watch, alerts } = await rig(platform);
    await watch.board(WS);
    platform.hidden.add('L1');
    const readBack = await watch.checkNow(WS);
    // Read by id: seen, on the board, state kept, nothing raised again.
    expect(readBack.loans.map((l) => l.loanId)).toEqual(['L1']);
    expect(readBack.notSeen).toBe(0);
    expect(alerts).toHaveLength(1);
    expect(platform.methods.every((m) => m === 'GET')).toBe(true);

    platform.loans.set('L1', loan('L1', { status: 'repaid' }));
    const closed = await watch.checkNow(WS);
    expect(closed.loans).toEqual([]);
    expect(closed.tracked.L1).toBeUndefined();
  });

  it('sends nothing: the alert’s top-up comes from the loan’s LTV, initial LTV and collateral', async () => {
    const platform = new FakePlatform();
    platform.loans.set('L1', loan('L1'));
    const sent: unknown[] = [];
    // The old watch's dry-run door: if anything still used it, this would record the body.
    const actions = {
      prepare: (_ws: string, input: unknown) => {
        sent.push(input);
        return Promise.resolve({ ok: false, error: { code: 'internal', message: 'no' } });
      },
      execute: () => Promise.resolve({ ok: false, error: { code: 'internal', message: 'no' } }),
    };
    const { watch, alerts } = await rig(platform, { actions } as Partial<RiskWatchDeps>);
    const board = await watch.board(WS);
    expect(sent).toEqual([]);
    expect(platform.methods.every((m) => m === 'GET')).toBe(true);
    // 2 BTC at LTV 0.85 back to 0.5: 2 × (0.85 / 0.5 − 1) = 1.4 BTC.
    const topUp = { ok: true, amount: '1.4', currency: 'BTC', targetLtv: '0.5' };
    expect(alerts[0]?.topUp).toMatchObject(topUp);
    expect(alerts[0]?.body).toContain('top up 1.4 BTC to return to LTV 50 %');
    expect(board.tracked.L1?.topUp).toMatchObject(topUp);
  });

  it('reports a cycle that throws with its retry, keeps the process serving, and recovers', async () => {
    // The supervisor's timers and clock are faked: the test moves time, it never waits for it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const platform = new FakePlatform();
    platform.loans.set('L1', loan('L1', { debtRatio: '0.3', debtRatioStatus: 'healthy' }));
    platform.throwNext = 2;
    const { watch, changes, errors, nextChange } = await rig(platform, {
      retry: { firstMs: 50, maxMs: 100 },
    });
    await watch.configure(WS, { intervalMs: 150 });
    const board = await watch.board(WS);
    expect(board.failure).toMatchObject({
      job: 'the risk watch',
      message: "TypeError: Cannot read properties of null (reading 'collaterals')",
      failures: 1,
    });
    // The back-off (50 ms) is shorter than the interval: a failing watch waits the interval.
    expect(Number(board.failure?.retryAt) - Number(board.failure?.at)).toBe(150);
    expect(errors[0]).toMatch(/the risk watch failed \(1 in a row\).*workspace ws-1/);
    expect(changes.at(-1)?.message).toContain('TypeError');

    // Not retried at the back-off's 50 ms, nor before the interval has passed.
    await vi.advanceTimersByTimeAsync(149);
    expect(errors).toHaveLength(1);
    // Retried on its own at the interval, fails once more, then reads the loans.
    const retried = nextChange();
    await vi.advanceTimersByTimeAsync(1);
    expect(await retried).toMatchObject({ failures: 2 });
    expect(errors).toHaveLength(2);
    const healed = nextChange();
    await vi.advanceTimersByTimeAsync(150);
    expect(await healed).toBeNull();
    const after = watch.snapshot(WS);
    expect(after.loans.map((l) => l.loanId)).toEqual(['L1']);
    expect(after.failure).toBeNull();
    expect(errors).toHaveLength(2);
    expect(changes.at(-1)).toBeNull();
  });

  it('tracks loans named after Object.prototype members without touching Object.prototype', async () => {
    const platform = new FakePlatform();
    for (const id of ['__proto__', 'constructor', 'toString']) platform.loans.set(id, loan(id));
    const { watch, alerts } = await rig(platform);
    const board = await watch.board(WS);
    expect(alerts.map((a) => a.loanId).sort()).toEqual(['__proto__', 'constructor', 'toString']);
    expect(Object.hasOwn(board.tracked, '__proto__')).toBe(true);
    expect(board.tracked['constructor']?.band).toBe('margin-call');
    expect(({} as Record<string, unknown>).band).toBeUndefined();
    expect((Object as unknown as Record<string, unknown>).band).toBeUndefined();
    expect((await watch.acknowledge(WS, 'constructor')).ok).toBe(true);
  });
});
