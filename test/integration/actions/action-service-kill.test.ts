/**
 * Write-ahead under kill -9, against the real process: the console's main side runs as a child in
 * browser mode on a temp data folder, with a workspace on a loopback fake platform that verifies
 * every signature and holds or answers the approve PATCH. The child is SIGKILLed at one point of an
 * approve each cycle, in turn:
 *
 *   prepared         after `actions.prepare` answered ("prepared" is on disk; nothing was sent)
 *   sent             after "sent" is on disk, before the request leaves (--test-crash-point sent)
 *   received         once the fake platform has the request (its answer held)
 *   answer-received  after the answer arrived, before anything of it is written
 *   answered         after "answered" is on disk, before "outcome"
 *
 * Then it is started again on the same folder, and the test checks: an action that may have been
 * sent is listed as unsettled, a duplicate is refused, and Check now settles it by re-reading the
 * loan (done where the platform got the PATCH, not done where it did not); an action killed after
 * "prepared" was provably never sent and is not listed. The journal verifies (MACs and anchor,
 * from the real Secret Service) after every kill, and no file in the data folder holds the secret.
 *
 * KILL_TEST_COUNT sets the number of kills (CI: 50; `npm run test:kill -- --count 500` for more).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ActionResult, CheckResult, PreparedAction, UnsettledAction } from '../../../src/shared/actions';
import type { WorkspaceView } from '../../../src/shared/contract';
import { JournalKeyring } from '../../../src/main/journal/journal-keyring';
import { Journals } from '../../../src/main/journal/journals';
import { osItemStore } from '../../../src/main/journal/cli';
import { startConsole, stubRendererDir, type ConsoleProcess } from '../../support/console-process';
import { ORG_ID, sendJson, startVerifyingServer, type VerifyingServer } from '../../support/verifying-server';
import { filesUnder } from '../../support/temp-dir';

const KILLS = Number(process.env.KILL_TEST_COUNT ?? 50);
const POINTS = ['prepared', 'sent', 'received', 'answer-received', 'answered'] as const;
type Point = (typeof POINTS)[number];
const API_KEY = `kill-key-${randomBytes(6).toString('hex')}`;
const API_SECRET = `kill-secret-${randomBytes(16).toString('hex')}`;

let platform: VerifyingServer;
let root: string;
let dataDir: string;
let staticDir: string;
/** loan id → PATCHes the platform received for it. */
const patches = new Map<string, number>();
/** Loans whose PATCH is held without an answer (the "received" point). */
const held = new Set<string>();

const loanIdOf = (i: number) => `kill-loan-${i}`;

function loanJson(loanId: string) {
  const approved = (patches.get(loanId) ?? 0) > 0;
  return {
    loanId,
    lenderOrganizationId: ORG_ID,
    borrowerOrganizationId: 'org-borrower',
    status: approved ? 'active' : 'awaiting-approval',
    amount: '1000',
    currency: 'USDC',
    createdAt: '1764000000000',
    updatedAt: '1764000000000',
    extra: approved ? { approvedAt: '1764000001000', approvedBy: 'kill-test' } : {},
    embedded: { loanAllocations: [] },
  };
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'copper-kill-'));
  dataDir = join(root, 'data');
  staticDir = await stubRendererDir(root);
  platform = await startVerifyingServer({
    apiKey: API_KEY,
    apiSecret: API_SECRET,
    handler: (req, res) => {
      if (!req.signatureValid) return sendJson(res, 401, { error: 'bad-signature', message: 'signature' });
      // The loan list (the risk watch reads it at start) holds none of the test's loans.
      if (req.method === 'GET' && /^\/platform\/organizations\/[^/]+\/loans$/.test(req.pathname))
        return sendJson(res, 200, { loans: [] });
      const m = /^\/platform\/organizations\/[^/]+\/loans\/([^/?]+)$/.exec(req.pathname);
      if (!m) return sendJson(res, 404, { error: 'not-found', message: req.pathname });
      const loanId = decodeURIComponent(m[1] as string);
      if (req.method === 'GET') return sendJson(res, 200, loanJson(loanId));
      patches.set(loanId, (patches.get(loanId) ?? 0) + 1);
      if (held.has(loanId)) return; // never answered: the child is killed meanwhile
      return sendJson(res, 200, loanJson(loanId));
    },
  });
});

afterAll(async () => {
  await platform?.close();
  await rm(root, { recursive: true, force: true });
});

async function waitUntil<T>(what: string, read: () => Promise<T | null>): Promise<T> {
  // Bounded: 200 polls of 25 ms.
  for (let i = 0; i < 200; i++) {
    const v = await read();
    if (v !== null) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function verifyJournals(): Promise<void> {
  const keyring = new JournalKeyring(await osItemStore(), dataDir);
  const journals = await Journals.open({ dataDir, keyring });
  try {
    for (const id of await readdir(join(dataDir, 'journal'))) {
      const verdict = await journals.verify(id);
      // Every MAC checked, nothing wrong. A journal killed before its first "sent" may have no
      // anchor yet (entries other than "sent" are anchored within a second): the one allowed gap.
      expect(verdict.status, `${id}: ${JSON.stringify(verdict)}`).not.toBe('broken');
      expect(verdict.unchecked ?? [], id).toEqual(
        verdict.status === 'ok' ? [] : [expect.stringMatching(/^no anchor is recorded/)],
      );
    }
  } finally {
    await journals.close();
  }
}

const approve = (workspaceId: string, loanId: string) => ({
  workspaceId,
  action: { kind: 'loans.approve', loanId },
});

/** Runs the approve of loan `i` in `c` and kills the child at `point`. */
async function actAndKill(c: ConsoleProcess, workspaceId: string, i: number, point: Point): Promise<void> {
  const loanId = loanIdOf(i);
  if (point === 'received') held.add(loanId);
  const prepared = await c.value<PreparedAction>('actions.prepare', approve(workspaceId, loanId));
  if (point === 'prepared') return c.kill();
  const executing = c.call<ActionResult>('actions.execute', { id: prepared.id }).catch(() => null);
  if (point === 'received')
    await waitUntil('the PATCH to arrive', async () => ((patches.get(loanId) ?? 0) > 0 ? true : null));
  else expect(await c.crashPoint()).toBe(point);
  await c.kill();
  // The bridge call dies with the child; whatever it says, nothing more is awaited from it.
  await executing;
}

/** After a restart: what the journal must say about loan `i`, killed at `point`. */
async function checkAfterRestart(
  c: ConsoleProcess,
  workspaceId: string,
  i: number,
  point: Point,
): Promise<void> {
  const loanId = loanIdOf(i);
  const reached = (patches.get(loanId) ?? 0) > 0;
  if (point === 'prepared') {
    // Provably never sent: not listed, and the platform never saw it.
    expect(reached).toBe(false);
    const listed = await c.value<UnsettledAction[]>('actions.unsettled', { workspaceId });
    expect(listed.some((u) => u.prepared.target.includes(loanId))).toBe(false);
    return;
  }
  const unsettled = await waitUntil('the action to be listed as unsettled', async () => {
    const listed = await c.value<UnsettledAction[]>('actions.unsettled', { workspaceId });
    return listed.find((u) => u.prepared.target.includes(loanId)) ?? null;
  });
  expect(unsettled.result.outcome).toBe('unknown');
  // A duplicate is refused before anything is read or sent.
  const before = patches.get(loanId) ?? 0;
  const duplicate = await c.call<PreparedAction>('actions.prepare', approve(workspaceId, loanId));
  expect(duplicate.ok ? 'prepared' : duplicate.error.code).toBe('action-in-progress');
  expect(patches.get(loanId) ?? 0).toBe(before);
  // Check now reads the loan and settles by what it shows.
  const checked = await c.value<CheckResult>('actions.check', { id: unsettled.prepared.id });
  expect(checked.settled, checked.found).toBe(reached ? 'done' : 'not-done');
  const after = await c.value<UnsettledAction[]>('actions.unsettled', { workspaceId });
  expect(after.some((u) => u.prepared.id === unsettled.prepared.id)).toBe(false);
}

it(`keeps every action that may have been sent unsettled across ${KILLS} kills of the real process`, async () => {
  let c = await startConsole({ dataDir, staticDir });
  const ws = await c.value<WorkspaceView>('workspaces.create', {
    name: 'Kill desk',
    environment: 'sandbox',
    organizationId: ORG_ID,
    baseUrl: platform.baseUrl,
  });
  await c.value('keychain.setKey', { workspaceId: ws.id, apiKey: API_KEY, apiSecret: API_SECRET });

  const kills: Point[] = [];
  try {
    for (let i = 0; i < KILLS; i++) {
      const point = POINTS[i % POINTS.length] as Point;
      const crashPoint = point === 'prepared' || point === 'received' ? undefined : point;
      if (i > 0) c = await startConsole({ dataDir, staticDir, ...(crashPoint ? { crashPoint } : {}) });
      else if (crashPoint) {
        await c.kill();
        c = await startConsole({ dataDir, staticDir, crashPoint });
      }
      if (i > 0) await checkAfterRestart(c, ws.id, i - 1, kills[i - 1] as Point);
      await actAndKill(c, ws.id, i, point);
      kills.push(point);
      await verifyJournals();
    }
    c = await startConsole({ dataDir, staticDir });
    await checkAfterRestart(c, ws.id, KILLS - 1, kills[KILLS - 1] as Point);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n--- console stderr ---\n${c.stderr().slice(-4000)}`);
  } finally {
    await c.kill();
  }
  expect(kills).toHaveLength(KILLS);
  // Every PATCH went out once: never a blind resend after a restart.
  for (const [loanId, n] of patches) expect(n, loanId).toBe(1);
  for (const file of await filesUnder(dataDir)) {
    expect((await readFile(file)).includes(API_SECRET), `${file} holds the secret`).toBe(false);
  }
}, 1_200_000);
