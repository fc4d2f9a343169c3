/**
 * The risk watch's commands and what it reports (src/main/risk/risk-watch.ts), beside the cycle
 * tests of risk-watch.test.ts: acknowledging a margin call (and its journal record), the board's
 * fast first rows, the errors that pause the watch, desktop notifications, and the warnings when
 * a read-back, a journal write or a save fails. Every cycle here is awaited through the board.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RiskWatch, type RiskWatchDeps } from '../../../src/main/risk/risk-watch';
import { RiskStateFile } from '../../../src/main/risk/risk-state-file';
import type { WorkspaceClient } from '../../../src/main/platform/platform-clients';
import type { JournalRecord } from '../../../src/main/journal/types';
import type { Loan } from '../../../src/shared/platform/resources';
import type { RiskAlert } from '../../../src/shared/risk';
import type { ErrorCode } from '../../../src/shared/result';

const WS = 'ws-1';
const NOW = 1_700_000_000_000;
const dirs: string[] = [];
const watches: RiskWatch[] = [];
afterEach(async () => {
  for (const w of watches.splice(0)) w.close();
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

const loan = (loanId: string, debtRatio: string, debtRatioStatus = 'healthy'): Loan =>
  ({
    loanId,
    status: 'active',
    debtRatio,
    debtRatioStatus,
    debtRatioUpdatedAt: String(NOW),
    extra: { marginCallThreshold: '0.8', defaultThreshold: '0.9', initialLtv: '0.5' },
    embedded: { collaterals: [{ amount: '2', currency: 'BTC' }] },
  }) as unknown as Loan;

async function rig(opts: { loans: Loan[]; extra?: Partial<RiskWatchDeps>; failReadBack?: boolean }) {
  const dir = await mkdtemp(join(tmpdir(), 'copper-risk-commands-'));
  dirs.push(dir);
  const warnings: string[] = [];
  const alerts: RiskAlert[] = [];
  const changed: string[] = [];
  const platform = {
    loans: opts.loans,
    request: (req: { query: string }) => {
      const q = new URLSearchParams(req.query);
      if (q.get('loanIds') !== null && opts.failReadBack === true)
        return Promise.resolve({ ok: false, error: { code: 'server-error', message: 'HTTP 503' } });
      const ids = q.get('loanIds')?.split(',');
      const rows = ids ? platform.loans.filter((l) => ids.includes(l.loanId)) : platform.loans;
      const offset = Number(q.get('offset') ?? 0);
      return Promise.resolve({
        ok: true,
        value: { loans: rows.slice(offset, offset + Number(q.get('limit') ?? 1000)) },
      });
    },
  };
  const client = {
    client: { request: platform.request },
    workspace: { organizationId: 'org', name: 'Desk', environment: 'testnet' },
  };
  const state = await RiskStateFile.open(dir);
  const watch = new RiskWatch({
    clients: {
      forWorkspace: () => Promise.resolve({ ok: true, value: client as unknown as WorkspaceClient }),
    },
    state,
    journal: null,
    notify: null,
    onAlert: (a) => alerts.push(a),
    onChanged: (id) => changed.push(id),
    warn: (m) => warnings.push(m),
    now: () => NOW,
    ...opts.extra,
  });
  watches.push(watch);
  return { watch, state, dir, platform, warnings, alerts, changed };
}

describe('RiskWatch: acknowledging a margin call', () => {
  it('refuses a loan that is not in margin call, saying so', async () => {
    const { watch } = await rig({ loans: [loan('L1', '0.5')] });
    await watch.board(WS);
    for (const id of ['L1', 'unknown'])
      expect(await watch.acknowledge(WS, id)).toEqual({
        ok: false,
        error: { code: 'conflict', message: `Loan ${id} is not in margin call: nothing to acknowledge.` },
      });
  });

  it('records the time, journals it and tells the listeners', async () => {
    const records: JournalRecord[] = [];
    const { watch, changed } = await rig({
      loans: [loan('L1', '0.85', 'margin-call')],
      extra: { journal: { append: (r) => Promise.resolve(records.push(r)) } },
    });
    await watch.board(WS);
    changed.length = 0;
    const acked = await watch.acknowledge(WS, 'L1');
    expect(acked.ok && acked.value.tracked.L1?.acknowledgedAt).toBe(String(NOW));
    expect(changed).toEqual([WS]);
    expect(records).toEqual([
      {
        step: 'acknowledged',
        actionId: expect.stringMatching(/^risk_[0-9a-f]{18}$/) as unknown as string,
        action: 'risk.acknowledge',
        workspaceId: WS,
        workspaceName: 'Desk',
        environment: 'testnet',
        object: 'loan L1',
        detail: { marginCallSeenAt: String(NOW), acknowledgedAt: String(NOW) },
      },
    ]);
  });

  it('a journal that fails is warned about; the acknowledgement stands', async () => {
    const { watch, warnings } = await rig({
      loans: [loan('L1', '0.85', 'margin-call')],
      extra: { journal: { append: () => Promise.reject(new Error('disk full')) } },
    });
    await watch.board(WS);
    expect((await watch.acknowledge(WS, 'L1')).ok).toBe(true);
    expect(warnings).toEqual(['could not journal the acknowledgement of loan L1: Error: disk full']);
  });
});

describe('RiskWatch: the board', () => {
  it('with first rows, shows only the loans closest to margin call and what is tracked of them', async () => {
    const { watch } = await rig({
      loans: [
        loan('far', '0.1'),
        loan('near', '0.79'),
        loan('mid', '0.5'),
        loan('call', '0.85', 'margin-call'),
      ],
    });
    const first = await watch.board(WS, 2);
    expect(first.partial).toBe(true);
    expect(first.total).toBe(4);
    expect(first.loans.map((l) => l.loanId)).toEqual(['call', 'near']);
    expect(Object.keys(first.tracked).sort()).toEqual(['call', 'near']);
    expect(first.lastCycleAt).toBe(String(NOW));
    expect(first.cycleRequests).toBeGreaterThan(0);
    const all = watch.snapshot(WS, 4);
    expect(all.partial).toBe(false);
    expect(Object.keys(all.tracked).sort()).toEqual(['call', 'far', 'mid', 'near']);
  });

  it('a workspace never watched has an empty board', async () => {
    const { watch } = await rig({ loans: [] });
    expect(watch.snapshot('other')).toMatchObject({
      loans: [],
      total: 0,
      partial: false,
      lastCycleAt: null,
      lastError: null,
      cycleRequests: null,
      incomplete: false,
      failure: null,
      notSeen: 0,
    });
  });

  it.each([
    ['auth-failed', 'wrong key (the watch is paused; it resumes when you open the risk board)'],
    ['vault-locked', 'wrong key (the watch is paused; it resumes when you open the risk board)'],
    ['server-error', 'wrong key'],
  ] as [ErrorCode, string][])(
    'a cycle that cannot reach the platform (%s) reports %j',
    async (code, lastError) => {
      const { watch } = await rig({
        loans: [],
        extra: {
          clients: {
            forWorkspace: () => Promise.resolve({ ok: false, error: { code, message: 'wrong key' } }),
          },
        },
      });
      expect((await watch.board(WS)).lastError).toBe(lastError);
    },
  );
});

describe('RiskWatch: notifications and warnings', () => {
  it('notifies the desktop when it can, and marks the alerts as notified', async () => {
    const desktop: string[] = [];
    const { watch, alerts } = await rig({
      loans: [loan('L1', '0.85', 'margin-call')],
      extra: { notify: (title) => desktop.push(title) },
    });
    await watch.board(WS);
    expect(desktop).toEqual(['Desk: Loan L1 is in margin call']);
    expect(alerts.map((a) => [a.kind, a.desktopNotified])).toEqual([['margin-call', true]]);
  });

  it('a read-back that fails is warned about and leaves the loans not seen', async () => {
    const r = await rig({ loans: [loan('L1', '0.5'), loan('L2', '0.5')], failReadBack: true });
    await r.watch.board(WS);
    r.platform.loans = [];
    await r.watch.checkNow(WS);
    expect(r.warnings).toEqual(['could not read back 2 loans the walk did not return: HTTP 503']);
    expect(r.watch.snapshot(WS).notSeen).toBe(2);
  });

  it('a save that fails is warned about, not thrown', async () => {
    const r = await rig({ loans: [] });
    await rm(r.dir, { recursive: true, force: true });
    await r.watch.configure(WS, { warningPoints: '3' });
    expect(r.warnings).toHaveLength(1);
    expect(r.warnings[0]).toMatch(/^could not save the risk watch state: Error: ENOENT/);
  });

  it('resumes the watches that were on, and only those', async () => {
    const r = await rig({ loans: [loan('L1', '0.5')] });
    r.state.get('on').settings = { ...r.state.get('on').settings, enabled: true, intervalMs: 3_600_000 };
    r.state.get('off');
    r.watch.resumeAll();
    await r.watch.runCycle('on');
    expect(r.watch.snapshot('on').lastCycleAt).toBe(String(NOW));
    expect(r.watch.snapshot('off').lastCycleAt).toBeNull();
  });
});
