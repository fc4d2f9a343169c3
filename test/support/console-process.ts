/**
 * The console's real main side as a child process: browser mode (`src/main/web/cli.ts` under tsx)
 * on a given data folder, so that a test can SIGKILL it at any point and start it again on the same
 * data. Calls go through its web bridge with the connection token, exactly as the renderer's do.
 * It inherits this process's environment: under scripts/with-keyring.sh it uses the same private
 * Secret Service, so keys and the journal's key survive a restart as they would on a desktop.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../../src/main/web/cli.ts', import.meta.url));
const TOKEN_HEADER = 'x-copper-token';

export type Answer<T> = { ok: true; value: T } | { ok: false; error: { code: string; message: string } };

export interface ConsoleProcess {
  child: ChildProcess;
  /** Resolves with the crash point's name once the child prints `crash-point <name>`. */
  crashPoint(): Promise<string>;
  call<T>(name: string, input: unknown): Promise<Answer<T>>;
  value<T>(name: string, input: unknown): Promise<T>;
  /** SIGKILL, then wait for the process to be gone. */
  kill(): Promise<void>;
  /** Everything the child wrote to stderr (for a failing test's message). */
  stderr(): string;
}

/** A static folder with an index.html: the bridge needs one, the tests never load it. */
export async function stubRendererDir(root: string): Promise<string> {
  const dir = join(root, 'renderer-stub');
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>stub</title>');
  return dir;
}

export async function startConsole(options: {
  dataDir: string;
  staticDir: string;
  crashPoint?: string;
  timeoutMs?: number;
}): Promise<ConsoleProcess> {
  const args = [
    '--import',
    'tsx',
    CLI,
    '--port',
    '0',
    '--data-dir',
    options.dataDir,
    '--static-dir',
    options.staticDir,
    '--sandbox-size',
    'small',
    '--platform-timeout-ms',
    String(options.timeoutMs ?? 60_000),
    ...(options.crashPoint ? ['--test-crash-point', options.crashPoint] : []),
  ];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  let stdout = '';
  const waiters: { pattern: RegExp; resolve: (m: RegExpExecArray) => void }[] = [];
  const wake = () => {
    for (const w of [...waiters]) {
      const m = w.pattern.exec(stdout);
      if (m) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
    }
  };
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    wake();
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const waitFor = (pattern: RegExp, what: string) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const m = pattern.exec(stdout);
      if (m) return resolve(m);
      waiters.push({ pattern, resolve });
      void exited.then(() => reject(new Error(`the console exited before ${what}:\n${stderr}\n${stdout}`)));
    });

  const [, url] = await waitFor(/^(http:\/\/127\.0\.0\.1:\d+\/#token=[0-9a-f]+)$/m, 'printing its URL');
  const origin = new URL(url as string).origin;
  const token = (url as string).split('#token=')[1] as string;
  const call = async <T>(name: string, input: unknown): Promise<Answer<T>> => {
    const res = await fetch(`${origin}/rpc/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [TOKEN_HEADER]: token },
      body: JSON.stringify(input),
    });
    return (await res.json()) as Answer<T>;
  };
  return {
    child,
    crashPoint: async () => (await waitFor(/^crash-point (\S+)$/m, 'reaching its crash point'))[1] as string,
    call,
    value: async <T>(name: string, input: unknown): Promise<T> => {
      const r = await call<T>(name, input);
      if (!r.ok) throw new Error(`${name}: ${r.error.code} ${r.error.message}`);
      return r.value;
    },
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    stderr: () => stderr,
  };
}
