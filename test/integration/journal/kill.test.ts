/**
 * The journal under kill -9: a child process runs 200 approve actions against a sandbox, journalling
 * each step ("sent" fsync'd before the PATCH leaves), and is killed with SIGKILL at random points
 * and restarted. After every kill the chain verifies, and every action whose request reached the
 * sandbox (counted by the sandbox's own request log) has at least its "sent" entry.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Journals } from '../../../src/main/journal/journals';
import { verifyJournal } from '../../../src/main/journal/verify';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox';
import { actionIdOf, loanIdOf, WORKSPACE_ID } from './action-driver';

const CHILD = fileURLToPath(new URL('./kill-child.ts', import.meta.url));
const TOTAL = 200;
const MAX_KILLS = 10;
const MARKER_SECRET = `journal-marker-${randomBytes(12).toString('hex')}`;

let sandbox: RunningSandbox;
let dataDir: string;

beforeAll(async () => {
  sandbox = await startSandbox({ apiSecret: MARKER_SECRET, rateLimit: false });
  dataDir = await mkdtemp(join(tmpdir(), 'journal-kill-'));
});
afterAll(async () => {
  await sandbox?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A small seeded generator: a failing run can be replayed from the seed it prints. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Runs the child; kills it with SIGKILL after `killAfterSteps` step lines (never, when null). */
function runChild(
  killAfterSteps: number | null,
): Promise<{ killed: boolean; finished: boolean; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        KILL_TEST_TOTAL: String(TOTAL),
        KILL_TEST_DATA_DIR: dataDir,
        KILL_TEST_BASE_URL: sandbox.baseUrl,
        KILL_TEST_API_KEY: sandbox.apiKey,
        KILL_TEST_API_SECRET: MARKER_SECRET,
        KILL_TEST_ORG_ID: sandbox.organizationId,
      },
    });
    let steps = 0;
    let finished = false;
    let killed = false;
    let stderr = '';
    let pending = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (line === 'finished') finished = true;
        if (line.startsWith('step ')) steps++;
        if (!killed && killAfterSteps !== null && steps >= killAfterSteps) {
          killed = child.kill('SIGKILL');
        }
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', () => resolve({ killed, finished, stderr }));
  });
}

/** Loan ids of the approve PATCHes that reached the sandbox, from its request log. */
async function arrivedActionIds(): Promise<Set<string>> {
  const res = await fetch(`${sandbox.controlUrl}/requests?method=PATCH`, {
    headers: { 'X-Sandbox-Token': sandbox.controlToken },
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { requests: { path: string }[] };
  const ids = new Set<string>();
  for (const r of body.requests) {
    const m = /\/loans\/kill-loan-(\d+)$/.exec(r.path);
    if (m) ids.add(actionIdOf(Number(m[1])));
  }
  return ids;
}

async function journalledSteps(): Promise<Map<string, Set<string>>> {
  const journals = await Journals.open({ dataDir });
  try {
    const page = await journals.query(WORKSPACE_ID, { limit: 10_000 });
    const steps = new Map<string, Set<string>>();
    for (const row of page.rows) {
      if (!steps.has(row.actionId)) steps.set(row.actionId, new Set());
      steps.get(row.actionId)?.add(row.step);
    }
    return steps;
  } finally {
    await journals.close();
  }
}

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await filesUnder(p)));
    else out.push(p);
  }
  return out;
}

it('survives SIGKILL at random points: the chain verifies and every request that arrived was journalled "sent" first', async () => {
  const seed = Number(process.env.KILL_TEST_SEED ?? Date.now() % 1_000_000);
  console.info(`kill test seed ${seed} (replay with KILL_TEST_SEED=${seed})`);
  const random = prng(seed);
  let kills = 0;
  let finished = false;
  // Bounded: at most MAX_KILLS killed runs, then one run to the end.
  for (let run = 0; run <= MAX_KILLS && !finished; run++) {
    const killAfter = run < MAX_KILLS ? 1 + Math.floor(random() * 160) : null;
    const result = await runChild(killAfter);
    expect(result.stderr, 'the child must not fail').toBe('');
    finished = result.finished;
    if (result.killed) kills++;

    const verdict = await verifyJournal(dataDir, WORKSPACE_ID);
    expect(verdict.ok, JSON.stringify(verdict)).toBe(true);
    const arrived = await arrivedActionIds();
    const steps = await journalledSteps();
    for (const actionId of arrived) {
      expect(steps.get(actionId)?.has('sent'), `${actionId} reached the sandbox without a "sent" entry`).toBe(
        true,
      );
    }
  }
  expect(finished).toBe(true);
  expect(kills).toBeGreaterThan(0);

  const steps = await journalledSteps();
  expect(steps.size).toBe(TOTAL);
  const arrived = await arrivedActionIds();
  // Sent ones the kill stopped before the request left are the only ones that did not arrive.
  expect(arrived.size).toBeGreaterThanOrEqual(TOTAL - kills);
  expect(await verifyJournal(dataDir, WORKSPACE_ID)).toMatchObject({ ok: true });
  expect(loanIdOf(0)).toBe('kill-loan-0');

  // A torn last line (a write cut by a power loss) is reported by verify, set aside by the next
  // start with its bytes kept, and the journal goes on verifying.
  const journalFile = join(dataDir, 'journal', WORKSPACE_ID, 'journal-000001.jsonl');
  await appendFile(journalFile, '{"seq":99999,"time":"2026-');
  expect(await verifyJournal(dataDir, WORKSPACE_ID)).toMatchObject({ ok: true, tornTail: { bytes: 26 } });
  const afterTorn = await runChild(null);
  expect(afterTorn).toMatchObject({ finished: true, stderr: '' });
  const torn = (await readdir(join(dataDir, 'journal', WORKSPACE_ID))).filter((n) => n.endsWith('.torn'));
  expect(torn).toHaveLength(1);
  expect(await readFile(join(dataDir, 'journal', WORKSPACE_ID, torn[0] ?? ''), 'utf8')).toBe(
    '{"seq":99999,"time":"2026-',
  );
  expect(await verifyJournal(dataDir, WORKSPACE_ID)).toEqual({ ok: true, entries: expect.any(Number) });
  expect(await readdir(join(dataDir, 'history'))).toEqual([`${WORKSPACE_ID}.jsonl`]);

  for (const file of await filesUnder(dataDir)) {
    expect((await readFile(file)).includes(MARKER_SECRET), `${file} holds the secret`).toBe(false);
  }
}, 60_000);
