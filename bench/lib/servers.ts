/** Starting bench/lib/server-child.ts (or any bench child script) in a separate Node process. */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { ServerInfo, ServerSpec } from './server-child';

export const TSX_ARGS = ['--import', 'tsx'];
const SERVER_CHILD = fileURLToPath(new URL('./server-child.ts', import.meta.url));

export interface ChildServer extends ServerInfo {
  pid: number;
  stop(): Promise<void>;
}

/**
 * Runs `node [nodeArgs] --import tsx <script> [args]`. BENCH_CHILD_NODE_ARGS adds Node flags to
 * every child, e.g. `BENCH_CHILD_NODE_ARGS='--cpu-prof --cpu-prof-dir=prof'` to profile the servers.
 */
export function spawnTs(script: string, args: string[], nodeArgs: string[] = []): ChildProcess {
  const extra = (process.env.BENCH_CHILD_NODE_ARGS ?? '').split(' ').filter((a) => a !== '');
  return spawn(process.execPath, [...extra, ...nodeArgs, ...TSX_ARGS, script, ...args], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
}

/** Resolves with the payload of the child's first stdout line that starts with `prefix `. */
export function readLine(child: ChildProcess, prefix: string, timeoutMs = 30_000): Promise<string> {
  return new Promise((resolve, reject) => {
    if (child.stdout === null) return reject(new Error('child has no stdout'));
    const lines = createInterface({ input: child.stdout });
    const timer = setTimeout(() => reject(new Error(`no ${prefix} line within ${timeoutMs} ms`)), timeoutMs);
    // 'close', not 'exit': the child may exit before its last stdout line has been read here.
    const onExit = (code: number | null) => reject(new Error(`child exited (${code}) before ${prefix}`));
    child.once('close', onExit);
    lines.on('line', (line) => {
      if (!line.startsWith(`${prefix} `)) return;
      clearTimeout(timer);
      child.off('close', onExit);
      lines.close();
      resolve(line.slice(prefix.length + 1));
    });
  });
}

export async function spawnServer(spec: ServerSpec): Promise<ChildServer> {
  const child = spawnTs(SERVER_CHILD, [JSON.stringify(spec)]);
  const info = JSON.parse(await readLine(child, 'READY')) as ServerInfo;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    ...info,
    pid: child.pid ?? -1,
    stop: async () => {
      child.stdin?.end();
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export const BENCH_KEY = 'bench-key';
export const BENCH_SECRET = 'bench-secret-0123456789abcdef';

export function sandboxSpec(size: 'small' | 'large' | 'huge'): ServerSpec {
  return { kind: 'sandbox', size, apiKey: BENCH_KEY, apiSecret: BENCH_SECRET };
}

let clockTicks: number | undefined;

/**
 * CPU time (user + system, ms) a child process has used so far, from /proc (Linux; NaN
 * elsewhere). Throughput on a shared two-core machine moves with everyone's load; the CPU a
 * server spends per request does much less.
 */
export function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks;
  } catch {
    return Number.NaN;
  }
}
