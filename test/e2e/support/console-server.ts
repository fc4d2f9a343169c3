/**
 * Starts the console in browser mode for one test: its own data folder, a real main side and a
 * real embedded sandbox, on a random loopback port. Resolves with the URL printed by the CLI.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ConsoleServer {
  url: string;
  origin: string;
  token: string;
  dataDir: string;
  process: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

export async function startConsoleServer(
  opts: {
    dataDir?: string;
    size?: 'small' | 'large';
    env?: Record<string, string>;
    /** More CLI flags, e.g. `--platform-timeout-ms 1500`. */
    args?: readonly string[];
  } = {},
): Promise<ConsoleServer> {
  const dataDir = opts.dataDir ?? (await mkdtemp(join(tmpdir(), 'copper-e2e-')));
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
  return {
    url,
    origin: parsed.origin,
    token: parsed.hash.replace('#token=', ''),
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
