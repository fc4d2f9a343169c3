/**
 * Benchmark 3: sandbox throughput. autocannon (in this process) sends signed GETs of 100-row
 * ClearLoop pages at random offsets over 8 connections, every request signed afresh in
 * `setupRequest`, to the sandbox in a child process; the same load generator with the same
 * signing drives a bare node:http server (another child) answering a precomputed page of the same
 * bytes ("bare": the same node:http stack and answer, without authentication, rate limit,
 * routing, query validation or paging: the floor of serving that page). Sizes `small` and `large`
 * both run; bare, small and large take turns in every round (order rotated), after a warm-up
 * each. Each server's CPU time (/proc) per request answered is reported beside, and bare's over
 * the sandbox's as a second view of the ratio: on two shared cores the load generator and the
 * server compete, so requests/s moves with everyone's load, CPU per request much less.
 * Targets (large; issue 16 target 16): ≥ 0.75 of the bare server's requests/s, p99 ≤ 25 ms, no
 * errors.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type AutocannonRequest, type AutocannonResult } from 'autocannon';
import { signRequest } from '../src/main/platform/signing';
import { createHmacSigner } from '../src/main/keychain/hmac-signer';
import { emit, heading, machine, median, round } from './lib/report';
import { BENCH_KEY, BENCH_SECRET, cpuMsOf, spawnServer, type ChildServer } from './lib/servers';
import type { ServerSpec } from './lib/server-child';

const CONNECTIONS = 8;
const ROUNDS = 5;
const DURATION_S = 3;
const WARMUP_S = 2;
const TARGET_RATIO = 0.75;
/** Highest offset that still gives a full 100-row page (300 and 50,000 ClearLoop actions). */
const MAX_OFFSET = { small: 200, large: 49_900, bare: 49_900 } as const;
type Target = keyof typeof MAX_OFFSET;

const signer = createHmacSigner(BENCH_KEY, BENCH_SECRET);

/**
 * Signs each request afresh with the real clock. The sandbox refuses a signature it has seen, so
 * no (timestamp, path) pair may repeat: an offset already used in the current millisecond is
 * redrawn.
 */
function setupFor(target: Target): (request: AutocannonRequest) => AutocannonRequest {
  let currentMs = 0;
  const used = new Set<number>();
  return (request) => {
    const now = Date.now();
    if (now !== currentMs) {
      currentMs = now;
      used.clear();
    }
    let offset: number;
    do offset = Math.floor(Math.random() * (MAX_OFFSET[target] + 1));
    while (used.has(offset));
    used.add(offset);
    const path = `/platform/clearloop/actions?limit=100&offset=${offset}`;
    const signed = signRequest(signer, { method: 'GET', pathWithQuery: path, timestamp: now });
    return { ...request, method: 'GET', path, headers: { ...signed, Accept: 'application/json' } };
  };
}

function load(server: ChildServer, target: Target, seconds: number): Promise<AutocannonResult> {
  return autocannon({
    url: server.origin,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 10,
    requests: [{ setupRequest: setupFor(target) }],
  });
}

interface Run {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** The server's CPU time per request answered, µs. */
  cpuUs: number;
}

async function measured(server: ChildServer, target: Target, seconds: number): Promise<Run> {
  const cpuBefore = cpuMsOf(server.pid);
  const r = await load(server, target, seconds);
  const cpuMs = cpuMsOf(server.pid) - cpuBefore;
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    cpuUs: (cpuMs * 1000) / Math.max(1, r.requests.total),
  };
}

/** A bench sandbox whose pending items settle at the first request (server-child.ts says why). */
function settledSandbox(size: 'small' | 'large'): ServerSpec {
  return { kind: 'sandbox', size, apiKey: BENCH_KEY, apiSecret: BENCH_SECRET, settled: true };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'copper-bench3-'));
  const servers: ChildServer[] = [];
  try {
    const small = await spawnServer(settledSandbox('small'));
    servers.push(small);
    const large = await spawnServer(settledSandbox('large'));
    servers.push(large);
    // The bare server answers the bytes of a real 100-row page from the large sandbox.
    const path = '/platform/clearloop/actions?limit=100&offset=4200';
    const res = await fetch(large.origin + path, {
      headers: { ...signRequest(signer, { method: 'GET', pathWithQuery: path, timestamp: Date.now() }) },
    });
    const page = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200) throw new Error(`could not fetch the reference page: ${res.status}`);
    const bodyFile = join(dir, 'page.json');
    writeFileSync(bodyFile, page);
    const bare = await spawnServer({ kind: 'bare', bodyFile });
    servers.push(bare);
    const byTarget: Record<Target, ChildServer> = { bare, small, large };

    const order: Target[] = ['bare', 'small', 'large'];
    for (const t of order) await load(byTarget[t], t, WARMUP_S);
    const runs: Record<Target, Run[]> = { bare: [], small: [], large: [] };
    const ratios: Record<'small' | 'large', number[]> = { small: [], large: [] };
    // The second view: bare's CPU per answered request over the sandbox's, per round.
    const cpuRatios: Record<'small' | 'large', number[]> = { small: [], large: [] };
    for (let r = 0; r < ROUNDS; r++) {
      const rotated = [...order.slice(r % 3), ...order.slice(0, r % 3)];
      const inRound: Partial<Record<Target, Run>> = {};
      for (const t of rotated) {
        const run = await measured(byTarget[t], t, DURATION_S);
        runs[t].push(run);
        inRound[t] = run;
      }
      const b = inRound.bare?.rps ?? Number.NaN;
      ratios.small.push((inRound.small?.rps ?? 0) / b);
      ratios.large.push((inRound.large?.rps ?? 0) / b);
      const bareCpu = inRound.bare?.cpuUs ?? Number.NaN;
      cpuRatios.small.push(bareCpu / (inRound.small?.cpuUs ?? Number.NaN));
      cpuRatios.large.push(bareCpu / (inRound.large?.cpuUs ?? Number.NaN));
    }

    const med = (t: Target, k: keyof Run) => median(runs[t].map((x) => x[k]));
    const errors = (t: Target) => runs[t].reduce((n, x) => n + x.errors, 0);
    heading('3. sandbox throughput (autocannon here, servers in child processes)');
    console.info(
      `${CONNECTIONS} connections, ${ROUNDS} rounds × ${DURATION_S} s per target, order rotated; ` +
        `page ${page.length} bytes; every request signed in setupRequest`,
    );
    for (const t of order) {
      const ratio =
        t === 'bare'
          ? ''
          : `, ${round(median(ratios[t]), 3)} of bare (CPU per request: bare/${t} ${round(median(cpuRatios[t]), 3)})`;
      console.info(
        `${t.padEnd(5)}: median ${Math.round(med(t, 'rps'))} req/s, p50 ${med(t, 'p50')} ms, ` +
          `p99 ${med(t, 'p99')} ms, errors ${errors(t)}, server CPU ${Math.round(med(t, 'cpuUs'))} µs ` +
          `per request${ratio}`,
      );
    }
    console.info(`load average ${machine().load1} (two shared cores: figures move with it)`);
    console.info(
      'target: requests/s of large ≥ 0.75 of bare; CPU per request bare/large is the second view, ' +
        'less moved by the load (the load generator shares the cores)',
    );
    const largeRatio = median(ratios.large);
    const largeP99 = med('large', 'p99');
    const noErrors = errors('bare') + errors('small') + errors('large') === 0;
    emit({
      id: 3,
      what: 'T16: sandbox throughput (large) vs bare server, 8 conns, signed',
      figure: `${round(largeRatio)} of bare, p99 ${largeP99} ms`,
      target: `≥ ${TARGET_RATIO}, p99 ≤ 25 ms, 0 errors`,
      pass: largeRatio >= TARGET_RATIO && largeP99 <= 25 && noErrors,
      details: {
        bareRps: Math.round(med('bare', 'rps')),
        smallRps: Math.round(med('small', 'rps')),
        largeRps: Math.round(med('large', 'rps')),
        smallRatio: round(median(ratios.small), 3),
        largeRatio: round(largeRatio, 3),
        cpuRatio: { small: round(median(cpuRatios.small), 3), large: round(median(cpuRatios.large), 3) },
        cpuUsPerRequest: {
          bare: Math.round(med('bare', 'cpuUs')),
          small: Math.round(med('small', 'cpuUs')),
          large: Math.round(med('large', 'cpuUs')),
        },
        load1: machine().load1,
        bareP99Ms: med('bare', 'p99'),
        smallP99Ms: med('small', 'p99'),
        largeP99Ms: largeP99,
        errors: { bare: errors('bare'), small: errors('small'), large: errors('large') },
        pageBytes: page.length,
        sandboxStartMs: { small: small.startMs, large: large.startMs },
      },
    });
  } finally {
    for (const s of servers) await s.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
