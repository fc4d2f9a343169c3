/**
 * The API secret must never reach the renderer, a log line, a file the app writes, the request
 * history or an export. This drives the real main side (router, keychain, platform client,
 * exporter) against a real sandbox, calls every contract call, and searches everything the
 * renderer could receive, every event, every log line and every file in the data folder.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMainApp, type MainApp } from '../../../src/main/app/create-app';
import { createLogger } from '../../../src/main/log/logger';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox/index';
import { CALL_NAMES, type CallName } from '../../../src/shared/contract';
import { filesUnder } from '../../support/temp-dir';

const API_SECRET = 'S3cr3t-' + 'x9Qz'.repeat(12);
const API_KEY = 'containment-key-7f3a';
const VAULT_PASSPHRASE = 'quartz lantern meadow orbit';

describe('secret containment', () => {
  let dataDir: string;
  let app: MainApp;
  let external: RunningSandbox;
  const logLines: string[] = [];
  const received: unknown[] = [];
  const called = new Set<CallName>();

  const call = async (name: CallName, input: unknown) => {
    called.add(name);
    const result = await app.router.dispatch(name, input);
    received.push(result);
    return result as { ok: boolean; value?: unknown; error?: { code: string; message: string } };
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'copper-secret-'));
    // A platform that only this secret opens: a stand-in for production.
    external = await startSandbox({ port: 0, apiKey: API_KEY, apiSecret: API_SECRET, rateLimit: false });
    app = await createMainApp({
      dataDir,
      shell: 'browser',
      version: 'test',
      sandboxSize: 'small',
      log: createLogger({ write: (line) => logLines.push(line) }),
      saveDialog: null,
    });
    app.events.subscribe((event, payload) => received.push({ event, payload }));
  });

  afterAll(async () => {
    await app.close();
    await external.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('never lets the secret out, whatever the renderer calls', async () => {
    await call('keychain.status', {});
    // Where no Secret Service answers, the key goes to the vault; where one does, the vault still
    // exists and is exercised by lock/unlock below.
    expect((await call('keychain.createVault', { passphrase: VAULT_PASSPHRASE })).ok).toBe(true);
    const created = await call('workspaces.create', {
      name: 'Stand-in production',
      environment: 'sandbox',
      organizationId: external.organizationId,
      baseUrl: external.baseUrl,
    });
    expect(created.ok).toBe(true);
    const ws = (created.value as { id: string }).id;
    expect(
      (await call('keychain.setKey', { workspaceId: ws, apiKey: API_KEY, apiSecret: API_SECRET })).ok,
    ).toBe(true);
    await call('workspaces.activate', { id: ws });
    expect((await call('workspaces.testConnection', { id: ws })).ok).toBe(true);

    // Webhooks: the receiver verifies with the workspace's key; deliveries, the verify tool and the
    // delivery log all reach the renderer and must carry signatures only, never the secret. The
    // console drives only its embedded sandbox's controls (they need its control token), so this
    // part runs on the built-in workspace, whose secret is checked below like the marker's.
    const builtIn = (await call('workspaces.list', {})).value as {
      workspaces: Array<{ id: string; builtIn: boolean }>;
    };
    const sandboxWs = builtIn.workspaces.find((w) => w.builtIn)!.id;
    expect((await call('webhooks.startReceiver', { workspaceId: sandboxWs, port: 0 })).ok).toBe(true);
    await call('webhooks.status', {});
    await call('webhooks.setNotifications', { eventTypes: ['crypto-address-created'] });
    const subscribed = await call('webhooks.subscribeSandbox', { workspaceId: sandboxWs });
    expect(subscribed.ok).toBe(true);
    const address = await fetch(`${app.sandbox.controlUrl}/crypto-addresses`, {
      method: 'POST',
      headers: { 'X-Sandbox-Token': app.sandbox.controlToken },
    });
    expect(address.status).toBe(201);
    let hooks: Array<{ verdict: string; rawBody: string; headers: Record<string, string> }> = [];
    for (let i = 0; i < 200 && hooks.length === 0; i++) {
      hooks = (await call('webhooks.list', { limit: 10 })).value as typeof hooks;
      if (hooks.length === 0) await new Promise((r) => setTimeout(r, 25));
    }
    expect(hooks[0]?.verdict).toBe('valid');
    const verified = await call('webhooks.verify', {
      workspaceId: sandboxWs,
      headers: {
        'X-Signature': hooks[0]?.headers['X-Signature'] ?? '',
        'X-Timestamp': hooks[0]?.headers['X-Timestamp'] ?? '',
        'X-Id': hooks[0]?.headers['X-Id'],
      },
      body: hooks[0]?.rawBody ?? '',
    });
    expect((verified.value as { verdict: string }).verdict).toBe('valid');
    await call('webhooks.verify', {
      workspaceId: ws,
      headers: { 'X-Signature': 'f'.repeat(64), 'X-Timestamp': String(Date.now()) },
      body: API_SECRET,
    });
    await call('webhooks.sandboxDeliveries', { workspaceId: sandboxWs });
    const subscriptionId = (subscribed.value as { subscriptionId: string }).subscriptionId;
    await call('webhooks.sandboxSubscriptions', { workspaceId: sandboxWs });
    await call('webhooks.unsubscribeSandbox', { workspaceId: sandboxWs, subscriptionId });
    await call('webhooks.clear', {});
    await call('webhooks.stopReceiver', {});

    await call('portfolios.list', { workspaceId: ws });
    await call('wallets.list', { workspaceId: ws });
    await call('accounts.list', { workspaceId: ws });
    const loans = (await call('loans.list', { workspaceId: ws })).value as {
      items: Array<{ loanId: string }>;
    };
    const loanId = loans.items[0]!.loanId;
    await call('loans.get', { workspaceId: ws, loanId });
    await call('loans.listAll', { workspaceId: ws, jobId: 'loans-all' });
    // The two PATCHes that change nothing are reads.
    await call('loans.estimateLtv', { workspaceId: ws, loanId, amount: '10' });
    await call('loans.ltvDryRun', { workspaceId: ws, body: { loanAmount: '1000', loanCurrency: 'USDC' } });
    // The row model: a store of activities on the main side, a window of it, then released.
    const loaded = await call('rows.loadActivities', { workspaceId: ws, jobId: 'rows-all', maxRows: 2000 });
    const storeId = (loaded.value as { storeId: string }).storeId;
    await call('rows.window', { storeId, offset: 0, count: 50, sort: { id: 'createdAt', desc: true } });
    await call('rows.release', { storeId });
    // Every action goes prepare → execute; the prepared request and every outcome reach the renderer.
    const act = async (action: Record<string, unknown>, phrase?: string) => {
      const prepared = await call('actions.prepare', { workspaceId: ws, action });
      const id = (prepared.value as { id?: string } | undefined)?.id;
      return id ? call('actions.execute', { id, ...(phrase ? { phrase } : {}) }) : prepared;
    };
    await act({ kind: 'loans.approve', loanId });
    await act({ kind: 'loans.cancelInterestPayment', loanId, loanAllocationId: 'nope' });
    await act({ kind: 'loans.acceptRepayment', loanId });
    await act({ kind: 'loans.confirmExternalDisbursement', loanId, loanAllocationId: 'nope' });
    await call('agentWallets.list', { workspaceId: ws });
    await act({ kind: 'exchange.submit', action: { type: 'scheduleCancel' } });
    await call('actions.unsettled', {});
    // The journal recorded those actions: everything it gives the renderer is searched too.
    const page = (await call('journal.query', { workspaceId: ws, limit: 100 })).value as {
      rows: Array<{ seq: number }>;
    };
    expect(page.rows.length).toBeGreaterThan(0);
    for (const row of page.rows) await call('journal.entry', { workspaceId: ws, seq: row.seq });
    expect((await call('journal.verify', { workspaceId: ws })).ok).toBe(true);
    await call('journal.unsettled', {});
    await call('journal.actions', { workspaceId: ws, limit: 50 });
    // The blotter (issue 28) is rebuilt from those journal lines: the exchange actions above.
    await call('journal.blotter', { workspaceId: ws });
    await call('preferences.setOperatorName', { name: 'Desk operator' });
    await call('preferences.operatorName', {});
    const journalCsv = await call('exports.chooseSavePath', { suggestedName: 'journal.csv' });
    await call('journal.exportCsv', {
      workspaceId: ws,
      filePath: (journalCsv.value as { path: string }).path,
    });
    await call('actions.check', { id: 'act_0000000000000000' });
    await call('actions.settle', { id: 'act_0000000000000000', settled: 'done', note: 'checked' });
    await call('guard.status', { workspaceId: ws });
    // The risk watch reads loans and asks the platform for top-ups through the action service.
    await call('risk.configure', { workspaceId: ws, intervalMs: 3_600_000 });
    await call('risk.board', { workspaceId: ws });
    await call('risk.checkNow', { workspaceId: ws });
    await call('risk.acknowledge', { workspaceId: ws, loanId: loanId });
    await call('risk.alerts', { workspaceId: ws });
    // Reference prices (issue 28): local to the workspace, nothing is sent.
    await call('prices.importCsv', {
      workspaceId: ws,
      text: 'currency,price,quote,asOf,source\nBTC,65000,USD,2026-01-31T12:00:00Z,desk\n',
    });
    await call('prices.set', { workspaceId: ws, rows: [] });
    await call('prices.setStaleAfter', { workspaceId: ws, minutes: 60 });
    await call('prices.clear', { workspaceId: ws });
    await call('prices.get', { workspaceId: ws });
    // The learned page sizes (issue 30): local too.
    await call('pageSizes.list', { workspaceId: ws });
    await call('pageSizes.reset', { workspaceId: ws });
    // The exchange asset table (issue 28): local too.
    await call('exchangeAssets.importCsv', { workspaceId: ws, csv: 'index,name,szDecimals\n0,BTC,5\n' });
    await call('exchangeAssets.set', { workspaceId: ws, assets: [{ index: 1, name: 'ETH', szDecimals: 4 }] });
    await call('exchangeAssets.get', { workspaceId: ws });
    await call('clearloop.list', { workspaceId: ws, limit: 10 });
    await call('activities.list', { workspaceId: ws, limit: 10 });
    await call('activities.listAll', { workspaceId: ws, jobId: 'all-activities' });
    await call('cryptoAddresses.list', { workspaceId: ws, limit: 10 });
    await call('cryptoAddresses.listAll', { workspaceId: ws, jobId: 'all-addresses' });
    const target = (await call('exports.chooseSavePath', { suggestedName: 'activities.csv' })).value as {
      path: string;
    };
    const exported = await call('exports.activitiesCsv', {
      workspaceId: ws,
      jobId: 'export',
      filePath: target.path,
    });
    expect(exported.ok).toBe(true);
    await call('jobs.cancel', { jobId: 'none' });
    await call('history.list', {});
    await call('history.operations', {});
    await call('keychain.autoLock', {});
    await call('keychain.setAutoLock', { minutes: 30 });
    // Updates: no feed is configured, so none of these reaches the network.
    await call('updates.status', {});
    await call('updates.check', {});
    await call('updates.installOnRestart', {});
    await call('workspaces.saveUiState', { id: ws, uiState: { tab: 'loans' } });
    await call('workspaces.update', { id: ws, name: 'Renamed' });
    await call('workspaces.list', {});
    await call('app.info', {});
    // A wrong secret produces auth failures: their messages must not carry either secret.
    await call('keychain.setKey', {
      workspaceId: ws,
      apiKey: API_KEY,
      apiSecret: 'wrong-' + API_SECRET.slice(6),
    });
    await call('portfolios.list', { workspaceId: ws });
    await call('keychain.setKey', { workspaceId: ws, apiKey: API_KEY, apiSecret: API_SECRET });
    await call('history.clear', {});
    await call('keychain.lockVault', {});
    await call('keychain.unlockVault', { passphrase: 'not the passphrase' });
    await call('keychain.unlockVault', { passphrase: VAULT_PASSPHRASE });
    await call('keychain.deleteKey', { workspaceId: ws });
    await call('workspaces.remove', { id: ws });

    // The test must keep up with the contract: every call was made.
    expect(CALL_NAMES.filter((n) => !called.has(n))).toEqual([]);

    const renderer = JSON.stringify(received);
    expect(renderer.length).toBeGreaterThan(10_000);
    expect(renderer).not.toContain(API_SECRET);
    expect(renderer).not.toContain(API_SECRET.slice(6)); // nor the wrong secret sharing its tail
    expect(renderer).not.toContain(VAULT_PASSPHRASE);
    expect(renderer).not.toContain(app.sandbox.apiSecret);
    expect(logLines.join('\n')).not.toContain(app.sandbox.apiSecret);
    expect(logLines.join('\n')).not.toContain(API_SECRET.slice(6));
    expect(logLines.join('\n')).not.toContain(VAULT_PASSPHRASE);

    const files = await filesUnder(dataDir);
    expect(files.some((f) => f.endsWith('.csv'))).toBe(true);
    expect(files.some((f) => f.endsWith('workspaces.json'))).toBe(true);
    for (const file of files) {
      const bytes = await readFile(file);
      expect(bytes.includes(API_SECRET.slice(6)), file).toBe(false);
      expect(bytes.includes(API_KEY), file).toBe(false);
      expect(bytes.includes(VAULT_PASSPHRASE), file).toBe(false);
    }
  });
});
