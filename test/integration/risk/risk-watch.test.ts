/**
 * The risk watch against the embedded sandbox, end to end on the main side: a price drop raises a
 * margin-call alert with the top-up computed from the loan (nothing sent, issue 25), the reminder
 * repeats until acknowledged (journalled), a price rise brings a back-to-healthy alert, and
 * settings and state survive a restart. Last, the browser-mode process against a platform sending
 * nulls (issue 25, finding 1).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMainApp, type MainApp } from '../../../src/main/app/create-app';
import { createLogger } from '../../../src/main/log/logger';
import type { Result } from '../../../src/shared/result';
import {
  compareHeadroom,
  headroom,
  ltvPercent,
  type RiskAlert,
  type RiskBoard,
} from '../../../src/shared/risk';
import { CLOSED_LOAN_STATUSES } from '../../../src/shared/platform/enums';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startConsole, stubRendererDir, type ConsoleProcess } from '../../support/console-process';

let dataDir: string;
const apps: MainApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.close().catch(() => undefined);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  vi.useRealTimers();
});

async function start(dir: string): Promise<{ app: MainApp; alerts: RiskAlert[] }> {
  const app = await createMainApp({
    dataDir: dir,
    shell: 'browser',
    version: 'test',
    sandboxSize: 'small',
    log: createLogger({ write: () => undefined }),
    saveDialog: null,
    timeoutMs: 5_000,
  });
  apps.push(app);
  const alerts: RiskAlert[] = [];
  app.events.subscribe((event, payload) => {
    if (event === 'risk-alert') alerts.push(payload as RiskAlert);
  });
  return { app, alerts };
}

async function call<T>(app: MainApp, name: string, input: unknown): Promise<T> {
  const res = (await app.router.dispatch(name, input)) as Result<T>;
  if (!res.ok) throw new Error(`${name}: ${res.error.code} ${res.error.message}`);
  return res.value;
}

/** Moves sandbox prices; answers the loans the sandbox moved into margin call. */
async function setPrice(app: MainApp, prices: Record<string, string>): Promise<string[]> {
  const res = await fetch(`${app.sandbox.controlUrl}/prices`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Sandbox-Token': app.sandbox.controlToken },
    body: JSON.stringify(prices),
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { transitions: { loanId: string; to: string }[] };
  return body.transitions.filter((t) => t.to === 'margin-call').map((t) => t.loanId);
}

/**
 * Moves the clock past the 1 s reminder period instead of waiting for it. Only Date is faked, and
 * it keeps advancing with real time, so it never goes back while the test runs.
 */
const passReminderPeriod = () => vi.setSystemTime(Date.now() + 1_100);

describe('risk watch', () => {
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  });

  it('alerts on margin call with the top-up, reminds until acknowledged, and says when healthy again', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'copper-risk-'));
    const { app, alerts } = await start(dataDir);
    const ws = (await call<{ activeId: string }>(app, 'workspaces.list', {})).activeId;
    // A long interval: the test drives every cycle itself with checkNow.
    await call(app, 'risk.configure', { workspaceId: ws, intervalMs: 3_600_000, reminderMs: 1_000 });
    const board = await call<RiskBoard>(app, 'risk.board', { workspaceId: ws });
    expect(board.settings.enabled).toBe(true);
    expect(board.loans.length).toBeGreaterThan(0);
    expect(board.loans.every((l) => !CLOSED_LOAN_STATUSES.includes(l.status))).toBe(true);
    expect(board.cycleRequests).toBeLessThanOrEqual(Math.ceil(board.loans.length / 1000) + 2);
    // The head: the loans closest to margin call first, for a fast first paint.
    const head = await call<RiskBoard>(app, 'risk.board', { workspaceId: ws, firstRows: 3 });
    expect(head).toMatchObject({ partial: true, total: board.loans.length });
    expect(head.loans.map((l) => l.loanId)).toEqual(board.loans.slice(0, 3).map((l) => l.loanId));
    const margins = board.loans.map((l) => headroom(l.debtRatio, l.extra?.marginCallThreshold));
    expect(margins).toEqual([...margins].sort(compareHeadroom));
    alerts.length = 0;

    // From 65,000 a small fall moves a BTC-collateralised loan of the seed over its 0.8 threshold.
    const moved = await setPrice(app, { BTC: '62000' });
    expect(moved.length).toBeGreaterThan(0);
    const dropped = await call<RiskBoard>(app, 'risk.checkNow', { workspaceId: ws });
    const marginCalls = alerts.filter((a) => a.kind === 'margin-call');
    expect(marginCalls.length).toBeGreaterThan(0);
    expect(marginCalls.map((a) => a.loanId).sort()).toEqual([...moved].sort());
    const first = marginCalls[0] as RiskAlert;
    expect(dropped.tracked[first.loanId]?.band).toBe('margin-call');
    expect(first.debtRatio).toMatch(/^\d+(\.\d+)?$/);
    // Issue 28: the alert says the LTV as a percent ("LTV 82.82 %").
    expect(first.body).toContain(`LTV ${ltvPercent(first.debtRatio as string)}`);
    const withTopUp = marginCalls.find((a) => a.topUp?.ok);
    expect(withTopUp?.topUp).toMatchObject({ ok: true, amount: expect.stringMatching(/^\d+(\.\d+)?$/) });
    expect(withTopUp?.body).toMatch(/top up \d/);

    // Nothing changed and the period has not passed: no reminder.
    alerts.length = 0;
    await call(app, 'risk.configure', { workspaceId: ws, reminderMs: 3_600_000 });
    await call(app, 'risk.checkNow', { workspaceId: ws });
    expect(alerts.filter((a) => a.kind === 'reminder')).toEqual([]);

    // A shortened period: the reminder repeats, for every unacknowledged margin call.
    await call(app, 'risk.configure', { workspaceId: ws, reminderMs: 1_000 });
    passReminderPeriod();
    await call(app, 'risk.checkNow', { workspaceId: ws });
    const reminders = alerts.filter((a) => a.kind === 'reminder').map((a) => a.loanId);
    expect(reminders).toContain(first.loanId);

    // Acknowledged: no more reminders for that loan, and the journal has the record.
    await call(app, 'risk.acknowledge', { workspaceId: ws, loanId: first.loanId });
    alerts.length = 0;
    passReminderPeriod();
    await call(app, 'risk.checkNow', { workspaceId: ws });
    const after = alerts.filter((a) => a.kind === 'reminder').map((a) => a.loanId);
    expect(after).not.toContain(first.loanId);
    const journal = await call<{ rows: { step: string; action: string }[] }>(app, 'journal.query', {
      workspaceId: ws,
      step: 'acknowledged',
    });
    expect(journal.rows.some((r) => r.action === 'risk.acknowledge')).toBe(true);

    // The state file holds the acknowledgement (written atomically; read back as JSON).
    const file = JSON.parse(await readFile(join(dataDir, 'risk-watch.json'), 'utf8')) as {
      workspaces: Record<string, { loans: Record<string, { acknowledgedAt?: string }> }>;
    };
    expect(file.workspaces[ws]?.loans[first.loanId]?.acknowledgedAt).toMatch(/^\d+$/);

    // Prices back up: a back-to-healthy alert for the loan.
    alerts.length = 0;
    await setPrice(app, { BTC: '65000' });
    const healed = await call<RiskBoard>(app, 'risk.checkNow', { workspaceId: ws });
    expect(alerts.some((a) => a.kind === 'healthy' && a.loanId === first.loanId)).toBe(true);
    expect(healed.tracked[first.loanId]?.acknowledgedAt).toBeUndefined();
  });

  it('keeps its settings and loan state across a restart', async () => {
    const { app } = apps[0] ? { app: apps[0] } : await start(dataDir);
    const ws = (await call<{ activeId: string }>(app, 'workspaces.list', {})).activeId;
    await setPrice(app, { BTC: '62000' });
    const before = await call<RiskBoard>(app, 'risk.checkNow', { workspaceId: ws });
    const inMarginCall = Object.entries(before.tracked).filter(([, t]) => t.band === 'margin-call');
    expect(inMarginCall.length).toBeGreaterThan(0);
    await app.close();
    apps.shift();

    // The new embedded sandbox starts at base prices: the loans are healthy again, which the
    // restarted watch can only say because it remembers they were in margin call.
    const second = await start(dataDir);
    const ws2 = (await call<{ activeId: string }>(second.app, 'workspaces.list', {})).activeId;
    const board = await call<RiskBoard>(second.app, 'risk.board', { workspaceId: ws2 });
    expect(board.settings).toMatchObject({ enabled: true, reminderMs: 1_000, intervalMs: 3_600_000 });
    const healthy = new Set(second.alerts.filter((a) => a.kind === 'healthy').map((a) => a.loanId));
    const recovered = inMarginCall
      .map(([id]) => id)
      .filter((id) => board.tracked[id]?.band === 'healthy' || board.tracked[id]?.band === 'warning');
    expect(recovered.length).toBeGreaterThan(0);
    expect(recovered.filter((id) => !healthy.has(id))).toEqual([]);
  });
});

/**
 * Issue 25, finding 1, as the operator met it: the real main side in browser mode (a child
 * process) watching a platform whose loans carry `null` where objects belong (`extra`, `embedded`,
 * entries of `collaterals` and `counterparties`, a whole row) and a row whose `loanId` is an object
 * that cannot even be turned into a key. Before the fix the watch threw on every interval and Node
 * ended the process. Now, after several intervals, the process is alive, still serving, and the
 * board shows the loans it could read.
 */
const ORG = 'org-nulls';
const now = () => String(Date.now());
const healthy = (loanId: string) => ({
  loanId,
  status: 'active',
  amount: '1000',
  currency: 'USDC',
  debtRatio: '0.3',
  debtRatioStatus: 'healthy',
  debtRatioUpdatedAt: now(),
  updatedAt: '1700000000000',
  extra: { marginCallThreshold: '0.8', initialLtv: '0.5' },
  embedded: { collaterals: [{ amount: '1', currency: 'BTC' }], counterparties: [] },
});
const LOANS = () => [
  // A loanId no JavaScript key can be made of: `{"toString": 1}` throws on conversion.
  { ...healthy('x'), loanId: { toString: 1 } },
  null,
  { ...healthy('N-extra'), extra: null },
  { ...healthy('N-embedded'), embedded: null },
  { ...healthy('N-entries'), embedded: { collaterals: [null], counterparties: [null] } },
  healthy('OK'),
];

let server: Server | null = null;
let console_: ConsoleProcess | null = null;
let root = '';
afterAll(async () => {
  await console_?.kill();
  server?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

async function startPlatform(): Promise<{ baseUrl: string; reached: (n: number) => Promise<void> }> {
  let hits = 0;
  const waiting: { n: number; resolve: () => void }[] = [];
  /** Resolves once the platform has answered its `n`th request: the event, not a time. */
  const reached = (n: number) =>
    new Promise<void>((resolve) => (hits >= n ? resolve() : waiting.push({ n, resolve })));
  server = createServer((req, res) => {
    hits++;
    for (const w of waiting.filter((x) => x.n <= hits)) w.resolve();
    const url = new URL(req.url ?? '/', 'http://x');
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const rows = url.pathname.endsWith(`/organizations/${ORG}/loans`) && offset === 0 ? LOANS() : [];
    const text = JSON.stringify({ loans: rows });
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
    res.end(text);
  });
  await new Promise<void>((r) => server?.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}/platform`, reached };
}

describe('the browser-mode main process and a platform sending nulls', () => {
  it('keeps serving through several watch intervals and shows the loans it could read', async () => {
    root = await mkdtemp(join(tmpdir(), 'copper-risk-process-'));
    const platform = await startPlatform();
    const c = (console_ = await startConsole({
      dataDir: join(root, 'data'),
      staticDir: await stubRendererDir(root),
      timeoutMs: 5_000,
    }));
    const status = await c.value<{ osKeychainAvailable: boolean }>('keychain.status', {});
    if (!status.osKeychainAvailable)
      await c.value('keychain.createVault', { passphrase: 'risk process test pass' });
    const ws = await c.value<{ id: string }>('workspaces.create', {
      name: 'Platform with nulls',
      environment: 'sandbox',
      organizationId: ORG,
      baseUrl: platform.baseUrl,
    });
    await c.value('keychain.setKey', { workspaceId: ws.id, apiKey: 'nulls-key', apiSecret: 'nulls-secret' });
    await c.value('risk.configure', { workspaceId: ws.id, intervalMs: 1_000 });

    const first = await c.call<RiskBoard>('risk.board', { workspaceId: ws.id });
    // Cycles on the interval after the first (a walk asks at least twice): the old watch threw on
    // each, and the first throw ended the process.
    await platform.reached(6);
    expect(c.child.exitCode, c.stderr()).toBeNull();
    expect(c.child.signalCode).toBeNull();

    expect(first.ok, JSON.stringify(first)).toBe(true);
    const board = await c.value<RiskBoard>('risk.board', { workspaceId: ws.id });
    expect(board.loans.map((l) => l.loanId).sort()).toEqual(['N-embedded', 'N-entries', 'N-extra', 'OK']);
    expect(board.failure ?? null).toBeNull();
    expect(board.lastCycleAt).toMatch(/^\d+$/);
    // Still serving every other call.
    const list = await c.value<{ workspaces: unknown[] }>('workspaces.list', {});
    expect(list.workspaces.length).toBe(2);
  });
});
