/**
 * What the browser benchmarks (6–9) share: Debian's Chromium through playwright-core, the console
 * in browser mode in a child process (its own data folder, a frozen copy of the built renderer),
 * calls through the web bridge's contract, a deadline and the clean-up of everything started.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { TSX_ARGS } from './servers';

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';
/**
 * `--disable-features=WebUIOmnibox…`: Chromium 156 (Debian) builds each new window's omnibox popup as
 * a WebUI page (chrome://omnibox-popup.top-chrome/) in a renderer of its own. Every
 * `browser.newContext()` opens a new window, so that renderer loaded during each measurement:
 * 430–700 ms of CPU inside a cold start of ~1.4 s on two cores, none of it the console's. An
 * operator's browser built it when its window opened, and Electron has no omnibox. Bench 8 lists
 * any browser-UI target still present, so a new one shows.
 */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup',
];
/** Every script ends within this, whatever happens (run-all allows 120 s). */
export const HARD_LIMIT_MS = 88_000;

type Cleanup = () => Promise<void>;
const cleanups: Cleanup[] = [];
let cleaning: Promise<void> | null = null;

/** Registers something to undo at exit (last registered, first undone). */
export function onCleanup(fn: Cleanup): void {
  cleanups.push(fn);
}

export function cleanupAll(): Promise<void> {
  cleaning ??= (async () => {
    while (cleanups.length > 0) {
      const fn = cleanups.pop();
      try {
        await fn?.();
      } catch (error) {
        console.error(`cleanup: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  })();
  return cleaning;
}

/**
 * Runs a benchmark's main with the hard limit and signal handling: whatever the outcome, every
 * browser, console process and temporary folder it registered is removed before the exit.
 */
export async function runBench(main: () => Promise<void>, hardLimitMs = HARD_LIMIT_MS): Promise<void> {
  const stopOn = (signal: NodeJS.Signals) =>
    process.once(signal, () => {
      void cleanupAll().then(() => process.exit(130));
    });
  stopOn('SIGINT');
  stopOn('SIGTERM');
  const limit = setTimeout(() => {
    console.error(`benchmark exceeded ${hardLimitMs / 1000} s; stopping`);
    void cleanupAll().then(() => process.exit(1));
  }, hardLimitMs);
  try {
    await main();
  } catch (error) {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exitCode = 1;
  } finally {
    clearTimeout(limit);
    await cleanupAll();
  }
}

/** The time budget of one script: stop repeating before the hard limit. */
export class Budget {
  private readonly started = performance.now();
  constructor(private readonly totalMs: number) {}
  elapsed(): number {
    return performance.now() - this.started;
  }
  /** True when another step of about `stepMs` still fits. */
  allows(stepMs: number): boolean {
    return this.elapsed() + stepMs < this.totalMs;
  }
}

export async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  onCleanup(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * A copy of the built renderer (`out/renderer`, or BENCH_STATIC_DIR) taken at the start, so that a
 * rebuild by someone else during the run cannot change what is measured halfway.
 */
export async function frozenRenderer(): Promise<string> {
  const source = resolve(process.env.BENCH_STATIC_DIR ?? join(REPO, 'out/renderer'));
  if (!existsSync(join(source, 'index.html')))
    throw new Error(`no built renderer in ${source}: run \`npx electron-vite build\` first`);
  const copy = join(await tempDir('copper-bench-renderer-'), 'renderer');
  await cp(source, copy, { recursive: true });
  return copy;
}

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  onCleanup(() => browser.close());
  return browser;
}

export interface ConsoleProcess {
  url: string;
  origin: string;
  token: string;
  /** Milliseconds from spawn to the URL line. */
  startMs: number;
  stop(): Promise<void>;
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(kill);
      done();
    });
    child.kill('SIGTERM');
  });
}

/**
 * `node --import tsx src/main/web/cli.ts --port 0 --data-dir <fresh> --sandbox-size <size>
 * --static-dir <renderer>`, loopback only; resolves with the URL line it prints.
 */
export async function startConsole(opts: {
  size: 'small' | 'large' | 'huge';
  staticDir: string;
  env?: Record<string, string>;
  /** More CLI flags, e.g. `--bench-request-budget 5000`. */
  args?: readonly string[];
}): Promise<ConsoleProcess> {
  const dataDir = await tempDir('copper-bench-data-');
  const started = performance.now();
  // BENCH_CHILD_NODE_ARGS (as for the other benchmarks' children), e.g. '--cpu-prof --cpu-prof-dir=prof'.
  const extra = (process.env.BENCH_CHILD_NODE_ARGS ?? '').split(' ').filter((a) => a !== '');
  const child = spawn(
    process.execPath,
    [
      ...extra,
      ...TSX_ARGS,
      'src/main/web/cli.ts',
      '--port',
      '0',
      '--data-dir',
      dataDir,
      '--sandbox-size',
      opts.size,
      '--static-dir',
      opts.staticDir,
      ...(opts.args ?? []),
    ],
    { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...opts.env } },
  );
  const stop = () => stopChild(child);
  onCleanup(stop);
  let output = '';
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`console did not start in 40 s:\n${output}`)), 40_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /^(http:\/\/127\.0\.0\.1:\d+\/#token=[0-9a-f]+)$/m.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`console exited with ${code}:\n${output}`));
    });
  });
  const parsed = new URL(url);
  return {
    url,
    origin: parsed.origin,
    token: parsed.hash.replace('#token=', ''),
    startMs: performance.now() - started,
    stop,
  };
}

export type RpcResult<T> = { ok: true; value: T } | { ok: false; error: { code: string; message: string } };

/** One call of the contract through the web bridge, as the page makes it (token header). */
export async function rpc<T>(server: ConsoleProcess, name: string, input: unknown): Promise<T> {
  const res = await fetch(`${server.origin}/rpc/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Copper-Token': server.token },
    body: JSON.stringify(input),
  });
  const body = (await res.json()) as RpcResult<T>;
  if (!body.ok) throw new Error(`${name}: ${body.error.code}: ${body.error.message}`);
  return body.value;
}

/** Spread of a sample: min–max, for the readable block. */
export function spread(values: readonly number[], digits = 0): string {
  if (values.length === 0) return 'n/a';
  const f = (v: number) => v.toFixed(digits);
  return `${f(Math.min(...values))}–${f(Math.max(...values))}`;
}

interface WorkspaceSummary {
  id: string;
  builtIn: boolean;
  organizationId: string;
  uiState: Record<string, unknown>;
}

export async function listWorkspaces(server: ConsoleProcess): Promise<WorkspaceSummary[]> {
  return (await rpc<{ workspaces: WorkspaceSummary[] }>(server, 'workspaces.list', {})).workspaces;
}

/**
 * Forgets every workspace's remembered view (tab, filters, sort), so that the next page starts as
 * on a first run. Called after the previous page closed: its `pagehide` flush has had time to land.
 */
export async function resetRememberedViews(server: ConsoleProcess): Promise<void> {
  await new Promise((done) => setTimeout(done, 300));
  for (const w of await listWorkspaces(server)) {
    await rpc(server, 'workspaces.saveUiState', { id: w.id, uiState: {} });
  }
  const left = (await listWorkspaces(server)).filter((w) => Object.keys(w.uiState).length > 0);
  if (left.length > 0) throw new Error('remembered views were not reset');
}
