/**
 * Benchmark 13: what one risk-watch cycle costs (issue 13), on the main side against the embedded
 * `--sandbox-size large` sandbox (10,000 loans, both sides). The app is built in-process
 * (createMainApp, browser shell, fresh data folder); requests are counted by the request history
 * (every request the platform client sends is recorded there).
 *
 * - first cycle: `risk.board` on a fresh workspace: the walk over every open loan, plus one LTV
 *   dry run per loan already in margin call (the top-up; at most 20 per cycle).
 * - steady cycle: `risk.checkNow` with nothing moved: the walk only. Target ≤ 10 requests.
 * - after a price move: `POST /sandbox/prices` BTC -5 %, then `risk.checkNow`: the walk plus the
 *   dry runs of the loans that entered margin call.
 * Times are wall-clock medians over 3 steady cycles.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMainApp, type MainApp } from '../src/main/app/create-app';
import { createLogger } from '../src/main/log/logger';
import type { Result } from '../src/shared/result';
import type { RiskBoard } from '../src/shared/risk';
import { emit, heading, median, round } from './lib/report';

const TARGET_REQUESTS = 10;

async function call<T>(app: MainApp, name: string, input: unknown): Promise<T> {
  const res = (await app.router.dispatch(name, input)) as Result<T>;
  if (!res.ok) throw new Error(`${name}: ${res.error.code} ${res.error.message}`);
  return res.value;
}

async function requestCount(app: MainApp, workspaceId: string): Promise<number> {
  return (await call<unknown[]>(app, 'history.list', { workspaceId, limit: 5000 })).length;
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'copper-bench-risk-'));
  const app = await createMainApp({
    dataDir,
    shell: 'browser',
    version: 'bench',
    sandboxSize: 'large',
    log: createLogger({ write: () => undefined }),
    saveDialog: null,
  });
  try {
    const ws = (await call<{ activeId: string }>(app, 'workspaces.list', {})).activeId;
    await call(app, 'risk.configure', { workspaceId: ws, intervalMs: 3_600_000 });
    const measure = async (name: 'risk.board' | 'risk.checkNow') => {
      const before = await requestCount(app, ws);
      const t0 = performance.now();
      const board = await call<RiskBoard>(app, name, { workspaceId: ws });
      const ms = performance.now() - t0;
      return { board, ms, requests: (await requestCount(app, ws)) - before };
    };
    const first = await measure('risk.board');
    const steady = [];
    for (let i = 0; i < 3; i++) steady.push(await measure('risk.checkNow'));
    const prices = await fetch(`${app.sandbox.controlUrl}/prices`, {
      headers: { 'X-Sandbox-Token': app.sandbox.controlToken },
    });
    const btc = ((await prices.json()) as { prices: Record<string, string> }).prices['BTC'] ?? '65000';
    await fetch(`${app.sandbox.controlUrl}/prices`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Sandbox-Token': app.sandbox.controlToken },
      body: JSON.stringify({ BTC: String(Math.round(Number(btc) * 0.95)) }),
    });
    const moved = await measure('risk.checkNow');

    const open = first.board.loans.length;
    const walkPages = first.board.cycleRequests ?? 0;
    const steadyRequests = Math.max(...steady.map((s) => s.requests));
    heading('Benchmark 13: one risk-watch cycle over the large sandbox');
    console.info(`open loans read per cycle: ${open.toLocaleString()} (of the sandbox's 10,000 loans)`);
    console.info(
      `first cycle:  ${first.requests} requests (${walkPages} walk pages + dry runs), ${round(first.ms, 0)} ms`,
    );
    console.info(
      `steady cycle: ${steadyRequests} requests, median ${round(median(steady.map((s) => s.ms)), 0)} ms`,
    );
    console.info(`after BTC -5 %: ${moved.requests} requests, ${round(moved.ms, 0)} ms`);
    console.info(
      `a walk costs ceil(open/1000) pages + 1 closing empty page (+1 look past it when open is a multiple of 1000)`,
    );
    emit({
      id: 13,
      what: 'risk watch: requests per cycle (large sandbox)',
      figure: `${steadyRequests} requests / ${open.toLocaleString()} open loans`,
      target: `≤ ${TARGET_REQUESTS} requests`,
      pass: steadyRequests <= TARGET_REQUESTS,
      details: {
        openLoans: open,
        firstCycleRequests: first.requests,
        firstCycleMs: round(first.ms, 0),
        steadyRequests,
        steadyMedianMs: round(median(steady.map((s) => s.ms)), 0),
        afterPriceMoveRequests: moved.requests,
        afterPriceMoveMs: round(moved.ms, 0),
      },
    });
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exitCode = 1;
});
