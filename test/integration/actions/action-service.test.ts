/**
 * ActionService through the real main side (router, platform clients, keychain, journal) against
 * the embedded sandbox: duplicates are refused by meaning and per signing key (not per workspace),
 * execute refuses when what signs changed since the review, and every journal entry names who
 * acted. Negatives are counted in the sandbox's request log after the call has settled.
 */
import { userInfo } from 'node:os';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MainApp } from '../../../src/main/app/create-app';
import type { ActionResult, PreparedAction } from '../../../src/shared/actions';
import type { JournalEntryView, JournalPage, WorkspaceList } from '../../../src/shared/contract';
import type { Result } from '../../../src/shared/result';
import { requestCount, sandboxControl, startTestApp, type TestApp } from '../../support/main-app';
import { limitOrder } from '../../support/fixtures/exchange-order';

let testApp: TestApp;
let app: MainApp;
/** The built-in sandbox workspace. */
let ws: string;
let org: string;
let baseUrl: string;

const control = (method: string, path: string, body?: unknown): Promise<unknown> =>
  sandboxControl(app, method, path, body);
const countOf = (method: string, pathPrefix: string) => requestCount(app, method, pathPrefix);
/** Every POST /exchange that reached the sandbox, whatever its answer. */
const exchangePosts = () => countOf('POST', '/exchange');
/** Every POST and PATCH that reached the sandbox's platform side. */
const writes = async () => (await countOf('POST', '/')) + (await countOf('PATCH', '/'));

async function call<T>(name: string, input: unknown): Promise<Result<T>> {
  return (await app.router.dispatch(name, input)) as Result<T>;
}
async function value<T>(name: string, input: unknown): Promise<T> {
  const r = await call<T>(name, input);
  if (!r.ok) throw new Error(`${name}: ${r.error.code} ${r.error.message}`);
  return r.value;
}
const prepare = (workspaceId: string, action: unknown) =>
  call<PreparedAction>('actions.prepare', { workspaceId, action });
const execute = (id: string) => call<ActionResult>('actions.execute', { id });

/** A resting limit order of size 1 at `price` (≥ $10 whatever the price used here). */
const order = limitOrder;
/** The same order as `order(price)`, every object's keys written in another order. */
function reordered(price: string): Record<string, unknown> {
  return {
    action: {
      grouping: 'na',
      orders: [{ t: { limit: { tif: 'Gtc' } }, r: false, s: '1', p: price, b: true, a: 0 }],
      type: 'order',
    },
    kind: 'exchange.submit',
  };
}

/** Makes `action` unknown on `workspaceId`: the sandbox takes it and answers 500. */
async function sendUnknown(workspaceId: string, action: unknown): Promise<PreparedAction> {
  await control('POST', '/faults', {
    method: 'POST',
    pathPrefix: '/exchange',
    mode: '500-after-commit',
    times: 1,
  });
  const prepared = await value<PreparedAction>('actions.prepare', { workspaceId, action });
  const before = await exchangePosts();
  const result = await execute(prepared.id);
  expect(result.ok && result.value.outcome).toBe('unknown');
  expect(await exchangePosts()).toBe(before + 1);
  return prepared;
}

let created = 0;
/** A second sandbox workspace on the embedded sandbox, holding the built-in's key id and secret. */
async function twinWorkspace(): Promise<string> {
  created++;
  const view = await value<{ id: string }>('workspaces.create', {
    name: `Twin desk ${created}`,
    environment: 'sandbox',
    organizationId: org,
    baseUrl,
  });
  await value('keychain.setKey', {
    workspaceId: view.id,
    apiKey: app.sandbox.apiKey,
    apiSecret: app.sandbox.apiSecret,
  });
  return view.id;
}

/** The full journal entries of one action, oldest first. */
async function entriesOf(workspaceId: string, actionId: string): Promise<JournalEntryView[]> {
  const page = await value<JournalPage>('journal.query', { workspaceId, search: actionId, limit: 100 });
  const seqs = page.rows.filter((r) => r.actionId === actionId).map((r) => r.seq);
  const entries: JournalEntryView[] = [];
  for (const seq of seqs.sort((a, b) => a - b)) {
    const entry = await value<JournalEntryView | null>('journal.entry', { workspaceId, seq });
    if (entry === null) throw new Error(`journal entry ${seq} is missing`);
    entries.push(entry);
  }
  return entries;
}

beforeAll(async () => {
  testApp = await startTestApp('action-service', { timeoutMs: 2_000 });
  app = testApp.app;
  const list = await value<WorkspaceList>('workspaces.list', {});
  const builtIn = list.workspaces.find((w) => w.builtIn);
  if (builtIn === undefined) throw new Error('no built-in sandbox workspace');
  ws = builtIn.id;
  org = builtIn.organizationId;
  baseUrl = builtIn.baseUrl;
  expect(org).toBe(app.sandbox.organizationId);
  expect(baseUrl).toBe(app.sandbox.baseUrl);
});
afterAll(() => testApp.close());
afterEach(async () => {
  await control('DELETE', '/faults');
});

/** Executes `id` and expects it refused as `review-changed`, naming `what`, with nothing sent. */
async function expectReviewChanged(id: string, what: RegExp): Promise<void> {
  const before = await writes();
  const result = await execute(id);
  expect(!result.ok && result.error.code).toBe('review-changed');
  expect(!result.ok && result.error.delivery).toBe('not-sent');
  expect(!result.ok && result.error.message).toMatch(what);
  expect(await writes()).toBe(before);
}

describe('duplicates are compared by meaning, per organization and signing key', () => {
  it('refuses the same order written "100.0" with keys in another order while the first is unknown; another price goes', async () => {
    await sendUnknown(ws, order('100'));

    const before = await exchangePosts();
    const again = await prepare(ws, reordered('100.0'));
    expect(!again.ok && again.error.code).toBe('action-in-progress');
    expect(!again.ok && again.error.message).toMatch(/unknown outcome/);
    expect(await exchangePosts()).toBe(before);

    // Another order (another price) is not a duplicate: prepared, then sent once.
    const other = await prepare(ws, order('101'));
    expect(other.ok).toBe(true);
    if (!other.ok) return;
    const sent = await execute(other.value.id);
    expect(sent.ok && sent.value.outcome).toBe('done');
    expect(await exchangePosts()).toBe(before + 1);
  });

  it('refuses the same order from a second workspace holding the same key while the first is unknown', async () => {
    const twin = await twinWorkspace();
    await sendUnknown(ws, order('102'));

    const before = await exchangePosts();
    const again = await prepare(twin, order('102'));
    expect(!again.ok && again.error.code).toBe('action-in-progress');
    const spelled = await prepare(twin, reordered('102.00'));
    expect(!spelled.ok && spelled.error.code).toBe('action-in-progress');
    expect(await exchangePosts()).toBe(before);

    // The key, not the workspace, is the scope: another order from the twin is prepared.
    const other = await prepare(twin, order('103'));
    expect(other.ok).toBe(true);
    expect(await exchangePosts()).toBe(before);
  });
});

describe('execute sends what was reviewed', () => {
  it('refuses, sending nothing, when the API key changed after the review', async () => {
    const twin = await twinWorkspace();
    const prepared = await value<PreparedAction>('actions.prepare', {
      workspaceId: twin,
      action: order('104'),
    });
    await value('keychain.setKey', {
      workspaceId: twin,
      apiKey: `${app.sandbox.apiKey}-other`,
      apiSecret: app.sandbox.apiSecret,
    });
    await expectReviewChanged(prepared.id, /API key/);
  });

  it('refuses, sending nothing, when the base URL changed after the review (key set again as it was)', async () => {
    const twin = await twinWorkspace();
    const prepared = await value<PreparedAction>('actions.prepare', {
      workspaceId: twin,
      action: order('105'),
    });
    expect(prepared.review.baseUrl).toBe(baseUrl);
    // The same sandbox, named another way: were it sent, it would reach the sandbox.
    const elsewhere = baseUrl.replace('127.0.0.1', 'localhost');
    expect(elsewhere).not.toBe(baseUrl);
    const updated = await value<{ baseUrl: string; keyRemoved?: string }>('workspaces.update', {
      id: twin,
      baseUrl: elsewhere,
    });
    expect(updated.keyRemoved).toBeTruthy();
    await value('keychain.setKey', {
      workspaceId: twin,
      apiKey: app.sandbox.apiKey,
      apiSecret: app.sandbox.apiSecret,
    });
    await expectReviewChanged(prepared.id, /base URL/);
  });

  it('records the base URL and the key fingerprint in the "sent" entry', async () => {
    for (const workspaceId of [ws, await twinWorkspace()]) {
      const prepared = await value<PreparedAction>('actions.prepare', {
        workspaceId,
        action: order(workspaceId === ws ? '106' : '107'),
      });
      const result = await value<ActionResult>('actions.execute', { id: prepared.id });
      expect(result.outcome).toBe('done');
      const entries = await entriesOf(workspaceId, prepared.id);
      const sent = entries.find((e) => e.step === 'sent');
      expect(sent).toBeDefined();
      expect((sent?.detail as { baseUrl?: unknown } | undefined)?.baseUrl).toBe(baseUrl);
      // A fingerprint under the journal key (held in the keychain here), never the key id.
      expect(sent?.keyId).toMatch(/^k1:[0-9a-f]{24}$/);
      expect(JSON.stringify(entries)).not.toContain(app.sandbox.apiKey);
      // Every step names the same key.
      expect(new Set(entries.map((e) => e.keyId))).toEqual(new Set([sent?.keyId]));
    }
  });
});

describe('operator', () => {
  it('every journal entry of an action names the OS account that acted', async () => {
    const account = userInfo().username;
    expect(account).not.toBe('');
    const done = await value<PreparedAction>('actions.prepare', { workspaceId: ws, action: order('108') });
    expect((await value<ActionResult>('actions.execute', { id: done.id })).outcome).toBe('done');
    const unknown = await sendUnknown(ws, order('109'));
    await value('actions.settle', { id: unknown.id, settled: 'done', note: 'seen on the exchange' });

    const doneEntries = await entriesOf(ws, done.id);
    expect(doneEntries.map((e) => e.step)).toEqual(['prepared', 'sent', 'answered', 'outcome']);
    const unknownEntries = await entriesOf(ws, unknown.id);
    expect(unknownEntries.map((e) => e.step)).toEqual(['prepared', 'sent', 'answered', 'outcome', 'settled']);
    for (const entry of [...doneEntries, ...unknownEntries]) expect(entry.operator).toBe(account);
  });
});
