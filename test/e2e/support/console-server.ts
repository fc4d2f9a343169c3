/**
 * Starts the console in browser mode for one test: its own data folder, a real main side and a
 * real embedded sandbox, on a random loopback port. Resolves with the URL printed by the CLI.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ConsoleServer {
  url: string;
  origin: string;
  token: string;
  /** The embedded sandbox's control token: send it as `X-Sandbox-Token` to its `/sandbox/...` controls. */
  sandboxControlToken: string;
  dataDir: string;
  process: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** Control URL (`http://127.0.0.1:<port>/sandbox`) → token, for every console started in this worker. */
const controlTokens = new Map<string, string>();

/**
 * The header the embedded sandbox's controls require, for a control URL read from the app (for
 * example `WebhooksPage.sandboxControlUrl()`): `{ 'X-Sandbox-Token': … }`, or `{}` when unknown.
 */
export function sandboxControlHeaders(controlUrl: string): Record<string, string> {
  const token = controlTokens.get(controlUrl.replace(/\/+$/, ''));
  return token === undefined ? {} : { 'X-Sandbox-Token': token };
}

export async function startConsoleServer(
  opts: {
    dataDir?: string;
    size?: 'small' | 'large';
    /** The embedded sandbox's spellings (`--sandbox-variant`); default the console's expected ones. */
    variant?: 'default' | 'spellings';
    env?: Record<string, string>;
    /** More CLI flags, e.g. `--platform-timeout-ms 1500`. */
    args?: readonly string[];
    /** Default: a fresh random one. */
    sandboxControlToken?: string;
  } = {},
): Promise<ConsoleServer> {
  const dataDir = opts.dataDir ?? (await mkdtemp(join(tmpdir(), 'copper-e2e-')));
  const sandboxControlToken = opts.sandboxControlToken ?? randomBytes(32).toString('hex');
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/main/web/cli.ts',
      '--port',
      '0',
      '--data-dir',
      dataDir,
      '--sandbox-size',
      opts.size ?? 'small',
      '--sandbox-control-token',
      sandboxControlToken,
      ...(opts.variant ? ['--sandbox-variant', opts.variant] : []),
      ...(opts.args ?? []),
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        DBUS_SESSION_BUS_ADDRESS: process.env['DBUS_SESSION_BUS_ADDRESS'] ?? '',
        ...opts.env,
      },
    },
  );
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`console did not start within 30 s:\n${output}`)),
      30_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /^(http:\/\/127\.0\.0\.1:\d+\/#token=[0-9a-f]+)$/m.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`console exited with ${code}:\n${output}`));
    });
  });
  const parsed = new URL(url);
  // create-app logs "local sandbox (<size>) at http://127.0.0.1:<port>/platform" before the URL.
  const sandboxBase = /local sandbox \(\w+\) at (http:\/\/127\.0\.0\.1:\d+)\/platform/.exec(output)?.[1];
  if (sandboxBase !== undefined) controlTokens.set(`${sandboxBase}/sandbox`, sandboxControlToken);
  return {
    url,
    origin: parsed.origin,
    token: parsed.hash.replace('#token=', ''),
    sandboxControlToken,
    dataDir,
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!opts.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
