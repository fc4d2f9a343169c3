/**
 * Browser mode: `npm run web -- --port <p> --data-dir <dir> --sandbox-size small|large|huge
 * [--platform-timeout-ms <ms>] [--sandbox-control-token <token>] [--bench-request-budget <n>]`.
 * `--open` (what `npm start` passes) also opens the URL in the default browser, where there is one.
 * `--update-policy <file>` reads the update policy from that file instead of the system path (the
 * updater itself is unsupported in browser mode; the policy is shown and its problems reported).
 * `--test-crash-point sent|answer-received|answered` (kill tests only) stops every action for good at
 * that point and prints `crash-point <name>`, so that the test kills the process exactly there.
 * `--bench-request-budget` (benchmarks only) raises the embedded sandbox's request limit and the
 * lockout guard's request count to n per 5 minutes, so that a million-row walk (1,001 requests) is
 * timed without waiting for the real platform's budget; never use it against a real platform.
 * Starts the main side under plain Node, serves the built renderer on loopback and prints the
 * URL (with its token) on a line of its own.
 */
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { homedir } from 'node:os';
import { existsSync } from 'node:fs';
import { createLogger } from '../log/logger';
import { createMainApp } from '../app/create-app';
import { installProcessGuard } from '../app/process-guard';
import { startWebBridge } from './bridge';
import { openInBrowser } from './open-url';
import { SANDBOX_SIZES, SANDBOX_VARIANTS, isSandboxSize, isSandboxVariant } from '../../sandbox';
import { CRASH_POINTS, type CrashPoint } from '../actions/action-service';

function usage(message: string): never {
  console.error(
    `${message}\nUsage: npm run web -- [--port <p>] [--data-dir <dir>] [--sandbox-size small|large|huge]` +
      ` [--sandbox-variant ${SANDBOX_VARIANTS.join('|')}]` +
      ` [--platform-timeout-ms <ms>] [--sandbox-control-token <token>] [--bench-request-budget <n>]` +
      ` [--test-crash-point <point>] [--update-policy <file>] [--open]`,
  );
  process.exit(2);
}

async function main(): Promise<void> {
  let values: {
    port?: string;
    'data-dir'?: string;
    'sandbox-size'?: string;
    'sandbox-variant'?: string;
    'static-dir'?: string;
    'platform-timeout-ms'?: string;
    'sandbox-control-token'?: string;
    'bench-request-budget'?: string;
    'test-crash-point'?: string;
    'update-policy'?: string;
    open?: boolean;
  };
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string' },
        'data-dir': { type: 'string' },
        'sandbox-size': { type: 'string' },
        'sandbox-variant': { type: 'string' },
        'static-dir': { type: 'string' },
        'platform-timeout-ms': { type: 'string' },
        'sandbox-control-token': { type: 'string' },
        'bench-request-budget': { type: 'string' },
        'test-crash-point': { type: 'string' },
        'update-policy': { type: 'string' },
        open: { type: 'boolean' },
      },
      strict: true,
    }));
  } catch (error) {
    usage(error instanceof Error ? error.message : String(error));
  }
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    usage(`--port must be a port number, got "${values.port}"`);
  const size = values['sandbox-size'] ?? 'small';
  if (!isSandboxSize(size)) usage(`--sandbox-size must be one of ${SANDBOX_SIZES.join(', ')}, got "${size}"`);
  const variant = values['sandbox-variant'] ?? 'default';
  if (!isSandboxVariant(variant))
    usage(`--sandbox-variant must be one of ${SANDBOX_VARIANTS.join(', ')}, got "${variant}"`);
  const rawTimeout = values['platform-timeout-ms'];
  const timeoutMs = rawTimeout === undefined ? undefined : Number(rawTimeout);
  if (timeoutMs !== undefined && (!Number.isInteger(timeoutMs) || timeoutMs < 100 || timeoutMs > 600_000))
    usage(
      `--platform-timeout-ms must be a whole number of milliseconds from 100 to 600000, got "${rawTimeout}"`,
    );
  const sandboxControlToken = values['sandbox-control-token'];
  if (sandboxControlToken !== undefined && !/^[\x21-\x7e]{16,200}$/.test(sandboxControlToken))
    usage('--sandbox-control-token must be 16 to 200 printable ASCII characters without spaces');
  const rawBudget = values['bench-request-budget'];
  const benchRequestBudget = rawBudget === undefined ? undefined : Number(rawBudget);
  if (
    benchRequestBudget !== undefined &&
    (!Number.isInteger(benchRequestBudget) || benchRequestBudget < 1 || benchRequestBudget > 1_000_000)
  )
    usage(`--bench-request-budget must be a whole number of requests from 1 to 1000000, got "${rawBudget}"`);
  const crashPoint = values['test-crash-point'];
  if (crashPoint !== undefined && !(CRASH_POINTS as readonly string[]).includes(crashPoint))
    usage(`--test-crash-point must be one of ${CRASH_POINTS.join(', ')}, got "${crashPoint}"`);
  const dataDir = resolve(values['data-dir'] ?? resolve(homedir(), '.copper-operator'));
  const staticDir = resolve(values['static-dir'] ?? 'out/renderer');
  if (!existsSync(resolve(staticDir, 'index.html')))
    usage(`No built renderer in ${staticDir}: run \`npm run build\` first.`);

  const log = createLogger();
  // Issue 25: one failure that escapes must not end the console (process-guard.ts says why it is safe).
  installProcessGuard(log);
  const mainApp = await createMainApp({
    dataDir,
    shell: 'browser',
    version: process.env['npm_package_version'] ?? '0.0.0',
    sandboxSize: size,
    sandboxVariant: variant,
    log,
    saveDialog: null,
    // Each attempt's time limit towards the platform (default 30 s); tests shorten it.
    timeoutMs,
    // Tests drive the embedded sandbox's controls with a token they chose; default random.
    sandboxControlToken,
    benchRequestBudget,
    ...(crashPoint !== undefined ? { crashPoint: crashPoint as CrashPoint } : {}),
    ...(values['update-policy'] !== undefined
      ? { updatePolicyPaths: [resolve(values['update-policy'])] }
      : {}),
  });
  const bridge = await startWebBridge({
    router: mainApp.router,
    events: mainApp.events,
    log,
    staticDir,
    port,
  });
  console.info(`Copper Operator (browser mode), data in ${dataDir}`);
  console.info(`Open this URL (it carries the connection token):`);
  console.info(bridge.url);
  // `npm start`: the default browser too, where there is one (the URL above is the fallback).
  if (values.open === true) openInBrowser(bridge.url);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await bridge.close();
    await mainApp.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(`Copper Operator could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
