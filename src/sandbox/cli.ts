/**
 * `npm run sandbox -- --port <p> --seed <n> --size small|large|huge --variant default|spellings
 * --api-key <k> --api-secret <s> --control-token <t> --quirks '<json>' --page-sizes '<json>'`
 * `--page-sizes '{"activities":{"max":1000,"over":"cap"}}'` sets each list's largest page and
 * what a larger `limit` gets (page-sizes.ts).
 * `--variant spellings` seeds other plausible spellings of what the specification leaves open
 * (data/vocabulary.ts), so a console that hard-codes one spelling shows it.
 * Starts the sandbox standalone, prints its base URL, key and control token (and the secret only
 * when it generated it), and stops cleanly on SIGINT / SIGTERM. Bad flags exit with status 2.
 */
import { describeQuirksError, sandboxQuirksSchema } from '../shared/sandbox-quirks';
import { checkControlToken } from './control-guard';
import { isSandboxVariant, SANDBOX_VARIANTS } from './data/vocabulary';
import { parsePageSizeRules } from './page-sizes';
import { startSandbox, type RunningSandbox, type SandboxOptions } from './index';

const USAGE =
  'usage: npm run sandbox -- [--port <0-65535>] [--host 127.0.0.1] [--seed <integer>] [--size small|large|huge] ' +
  `[--variant ${SANDBOX_VARIANTS.join('|')}] ` +
  '[--api-key <key> --api-secret <secret>] [--control-token <token>] [--quirks <json>] [--page-sizes <json>] [--no-rate-limit]';

export function parseArgs(argv: readonly string[]): SandboxOptions {
  const opts: SandboxOptions = { port: 8787 };
  const takesValue = new Set([
    '--port',
    '--host',
    '--seed',
    '--size',
    '--variant',
    '--api-key',
    '--api-secret',
    '--control-token',
    '--quirks',
    '--page-sizes',
  ]);
  for (let i = 0; i < argv.length; i++) {
    const raw = argv[i] ?? '';
    const eq = raw.indexOf('=');
    const flag = eq > 0 ? raw.slice(0, eq) : raw;
    if (flag === '--no-rate-limit') {
      opts.rateLimit = false;
      continue;
    }
    if (flag === '--help' || flag === '-h') throw new UsageError('');
    if (!takesValue.has(flag)) throw new UsageError(`unknown flag ${raw}`);
    const value = eq > 0 ? raw.slice(eq + 1) : argv[++i];
    if (value === undefined || value === '') throw new UsageError(`${flag} needs a value`);
    switch (flag) {
      case '--port': {
        const port = /^\d{1,5}$/.test(value) ? Number(value) : NaN;
        if (!(port >= 0 && port <= 65535))
          throw new UsageError('--port must be an integer between 0 and 65535');
        opts.port = port;
        break;
      }
      case '--seed': {
        if (!/^\d{1,10}$/.test(value) || Number(value) > 4294967295) {
          throw new UsageError('--seed must be an integer between 0 and 4294967295');
        }
        opts.seed = Number(value);
        break;
      }
      case '--size':
        if (value !== 'small' && value !== 'large' && value !== 'huge')
          throw new UsageError('--size must be small, large or huge');
        opts.size = value;
        break;
      case '--variant':
        if (!isSandboxVariant(value))
          throw new UsageError(`--variant must be ${SANDBOX_VARIANTS.join(' or ')}`);
        opts.variant = value;
        break;
      case '--host':
        opts.host = value;
        break;
      case '--api-key':
        opts.apiKey = value;
        break;
      case '--api-secret':
        opts.apiSecret = value;
        break;
      case '--control-token':
        try {
          opts.controlToken = checkControlToken(value);
        } catch (err) {
          throw new UsageError(`--control-token: ${(err as Error).message}`);
        }
        break;
      case '--quirks':
        opts.quirks = parseQuirksFlag(value);
        break;
      case '--page-sizes':
        opts.pageSizes = parsePageSizesFlag(value);
        break;
    }
  }
  if ((opts.apiKey === undefined) !== (opts.apiSecret === undefined)) {
    throw new UsageError('--api-key and --api-secret go together');
  }
  return opts;
}

class UsageError extends Error {}

function parseQuirksFlag(value: string): NonNullable<SandboxOptions['quirks']> {
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw new UsageError('--quirks must be a JSON object, e.g. \'{"pageCap":50}\'');
  }
  const parsed = sandboxQuirksSchema.safeParse(json);
  if (!parsed.success) throw new UsageError(`--quirks: ${describeQuirksError(parsed.error)}`);
  return parsed.data;
}

function parsePageSizesFlag(value: string): NonNullable<SandboxOptions['pageSizes']> {
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw new UsageError(
      '--page-sizes must be a JSON object, e.g. \'{"activities":{"max":1000,"over":"cap"}}\'',
    );
  }
  try {
    return parsePageSizeRules(json);
  } catch (err) {
    throw new UsageError(`--page-sizes: ${(err as Error).message}`);
  }
}

async function main(): Promise<void> {
  let opts: SandboxOptions;
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (err) {
    if (err instanceof UsageError) {
      if (err.message !== '') console.error(`sandbox: ${err.message}`);
      console.error(USAGE);
      process.exit(err.message === '' ? 0 : 2);
    }
    throw err;
  }
  // Handlers go in before anything is printed, so a supervisor that signals as soon as it sees
  // the URL still gets a clean stop.
  let sandbox: RunningSandbox | undefined;
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    console.log(`sandbox: ${signal}, stopping`);
    const closing = sandbox?.close() ?? Promise.resolve();
    closing.then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  const started = Date.now();
  try {
    sandbox = await startSandbox(opts);
  } catch (err) {
    console.error(`sandbox: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(2);
  }
  console.log(
    `Copper sandbox platform (${opts.size ?? 'small'}, seed ${opts.seed ?? 1}, ${opts.variant ?? 'default'} spellings) ready in ${Date.now() - started} ms`,
  );
  console.log(`base URL:        ${sandbox.baseUrl}`);
  console.log(`controls:        ${sandbox.controlUrl}`);
  console.log(`organization id: ${sandbox.organizationId}`);
  console.log(`API key:         ${sandbox.apiKey}`);
  // The operator needs it to use the controls; a token given on the command line is not echoed.
  if (opts.controlToken === undefined) console.log(`control token:   ${sandbox.controlToken}`);
  if (opts.quirks !== undefined) console.log(`quirks:          ${JSON.stringify(opts.quirks)}`);
  if (opts.pageSizes !== undefined) console.log(`page sizes:      ${JSON.stringify(opts.pageSizes)}`);
  if (opts.apiSecret === undefined) console.log(`API secret:      ${sandbox.apiSecret}`);
}

void main();
