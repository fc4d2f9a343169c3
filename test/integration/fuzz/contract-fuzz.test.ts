/**
 * Fuzzes every contract call (CALL_NAMES, read at run time, so calls added later are covered)
 * through the router of a real main side: createMainApp on a temporary folder, its embedded
 * sandbox behind it, the OS keychain (run inside scripts/with-keyring.sh). Each call gets at least
 * 10,000 inputs from one seed: random values (some only IPC's structured clone can carry) and
 * mutations of a valid input. Every answer must be a Result (`{ok: true, value}` or `{ok: false,
 * error: {code from ERROR_CODES, message}}`) that JSON can carry across the web bridge; the router
 * must never throw, nothing may reject unhandled, and Object.prototype must not change.
 *
 * The state a destructive call breaks is rebuilt after it (the fuzz workspace and its key), so
 * later inputs still reach the platform. Runtime stays bounded: most inputs fail validation in
 * microseconds, and at most VALID_CAP schema-valid inputs per call do real work (see below).
 *
 * Replay a failure with FUZZ_SEED=<seed>; FUZZ_INPUTS raises the count per call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, rm, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMainApp, type MainApp } from '../../../src/main/app/create-app';
import type { Logger } from '../../../src/main/log/logger';
import { CALL_NAMES, lookupCall, type WorkspaceList } from '../../../src/shared/contract';
import { ERROR_CODES, type Result } from '../../../src/shared/result';
import { PLATFORM_LIMITS } from '../../../src/shared/platform/limits';
import { Gen, mutate, prng, randomJson, type Mutation } from './generators';
import { confineExportPath, seedFor, type Pool } from './seeds';

const SEED = Number(process.env['FUZZ_SEED'] ?? 0x5eed_c0de);
const INPUTS_PER_CALL = Number(process.env['FUZZ_INPUTS'] ?? 10_000);
/**
 * Schema-valid inputs sent at most per call. Valid inputs do real work (HTTP to the sandbox, OS
 * keychain writes over D-Bus, atomic file writes, a 128 MiB scrypt per vault unlock by design);
 * past the cap a valid draw is replaced by a fresh draw, so the rest of the inputs exercise
 * validation, which is where hostile shapes are stopped. Counts are printed per call.
 */
const VALID_CAP = 150;
// A vault key derivation is scrypt at N=2^17 (about 0.5 s, by design): a few valid passphrases show
// the path works; the rest of each call's 10,000 inputs exercise validation.
const VALID_CAPS: Record<string, number> = { 'keychain.unlockVault': 15, 'keychain.createVault': 15 };
/** The embedded sandbox allows 1,000 requests per key per 5 minutes; reset it well before. */
const RESET_EVERY_VALID = 250;

interface Tally {
  inputs: number;
  valid: number;
  ok: number;
  codes: Record<string, number>;
  ms: number;
  mutations: Partial<Record<Mutation | 'random-root' | 'none', number>>;
}

const logged: string[] = [];
const log: Logger = {
  info: () => {},
  warn: () => {},
  error: (service, message, error) =>
    logged.push(
      `[${service}] ${message} ${error instanceof Error ? error.stack?.split('\n').slice(0, 4).join(' | ') : String(error)}`,
    ),
};

describe('contract fuzz', () => {
  let dataDir: string;
  let app: MainApp;
  let pool: Pool;
  const problems: string[] = [];
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();

  const must = async <T>(name: string, input: unknown): Promise<T> => {
    const result = await app.router.dispatch(name, input);
    if (!result.ok) throw new Error(`${name}: ${result.error.code} ${result.error.message}`);
    return result.value as T;
  };
  const control = async (path: string, body: unknown = {}) => {
    const send = () =>
      fetch(`${app.sandbox.baseUrl.replace(/\/platform$/, '/sandbox')}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Sandbox-Token': app.sandbox.controlToken },
        body: JSON.stringify(body),
      });
    // The sandbox runs in this process: after a long synchronous stretch of fuzzing, its 5 s
    // keep-alive timer and the fetch pool's 4 s idle timer expire in the same turn, and the pool
    // may hand out the socket the server is closing (ECONNRESET, nothing answered). These control
    // calls are idempotent, so one more try on a fresh socket is safe; any other error stands.
    const response = await send().catch((error: unknown) => {
      const code = (error as { cause?: { code?: unknown } }).cause?.code;
      if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return send();
      throw error;
    });
    return (await response.json()) as Record<string, string>;
  };

  /** (Re)makes the fuzz workspace on the embedded sandbox with a fresh key of its own. */
  const rebuildFuzzWorkspace = async () => {
    const list = await must<WorkspaceList>('workspaces.list', {});
    let fuzz = list.workspaces.find((w) => w.id === pool.fuzz);
    if (!fuzz) {
      const created = await must<{ id: string }>('workspaces.create', {
        name: 'Fuzz target',
        environment: 'sandbox',
        organizationId: app.sandbox.organizationId,
        baseUrl: app.sandbox.baseUrl,
      });
      pool.fuzz = created.id;
    } else if (fuzz.baseUrl !== app.sandbox.baseUrl || fuzz.organizationId !== app.sandbox.organizationId) {
      await must('workspaces.update', {
        id: fuzz.id,
        baseUrl: app.sandbox.baseUrl,
        organizationId: app.sandbox.organizationId,
      });
    }
    fuzz = undefined;
    const key = await control('/keys');
    await must('keychain.setKey', {
      workspaceId: pool.fuzz,
      apiKey: key['apiKey'],
      apiSecret: key['apiSecret'],
    });
  };

  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    process.on('uncaughtException', onUnhandled);
    dataDir = await mkdtemp(join(tmpdir(), 'copper-fuzz-'));
    app = await createMainApp({
      dataDir,
      shell: 'browser',
      version: 'fuzz',
      sandboxSize: 'small',
      log,
      saveDialog: null,
      // Thousands of valid calls in minutes: far past the platform's budget of 1,000 requests per
      // 5 minutes, and, since the LTV reads send schema-valid bodies the sandbox refuses, past its
      // 60 refused requests a minute, both of which the lockout guard would (rightly) pace: the
      // rest of the calls would then be refused by the guard and never reach the platform. The
      // guard has its own tests.
      guardLimits: {
        ...PLATFORM_LIMITS,
        requests: { limit: 1_000_000, windowMs: 5 * 60_000 },
        businessFailures: { limit: 1_000_000, windowMs: 60_000 },
      },
    });
    const list = await must<WorkspaceList>('workspaces.list', {});
    let counter = 0;
    pool = {
      builtIn: list.workspaces.find((w) => w.builtIn)!.id,
      fuzz: '',
      unknown: ['no-such-workspace', '00000000-0000-0000-0000-000000000000'],
      exportDir: join(dataDir, 'fuzz-exports'),
      next: () => ++counter,
      known: {},
    };
    await mkdir(pool.exportDir, { recursive: true });
    // Real ids, so that valid inputs reach real loans and portfolios, not only `not-found`.
    const portfolios = await must<Array<{ portfolioId: string }>>('portfolios.list', {
      workspaceId: pool.builtIn,
    });
    const loans = await must<{ items: Array<{ loanId: string }> }>('loans.list', {
      workspaceId: pool.builtIn,
    });
    pool.known = {
      portfolioid: portfolios.map((p) => p.portfolioId),
      collateralportfolioid: portfolios.map((p) => p.portfolioId),
      loanid: loans.items.slice(0, 20).map((l) => l.loanId),
    };
    // A vault with a passphrase the fuzzer never guesses: creating another is refused at once.
    await must('keychain.createVault', { passphrase: 'the fuzz vault passphrase, not guessed' });
    await rebuildFuzzWorkspace();
  });

  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    process.off('uncaughtException', onUnhandled);
    await app?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** After a call that changed local state, put back what later inputs rely on. */
  const restore = async (name: string, input: unknown, result: Result<unknown>) => {
    if (!result.ok) return;
    if (name === 'workspaces.create') {
      await must('workspaces.remove', { id: (result.value as { id: string }).id });
      return;
    }
    if (name === 'exports.activitiesCsv' || name === 'journal.exportCsv') {
      await unlink((result.value as { path: string }).path).catch(() => undefined);
      return;
    }
    if (input === null || typeof input !== 'object') return;
    const target = input as Record<string, unknown>;
    const touchesFuzz = [target['id'], target['workspaceId']].some(
      (v) => typeof v === 'string' && v.trim() === pool.fuzz,
    );
    if (
      touchesFuzz &&
      ['workspaces.remove', 'workspaces.update', 'keychain.setKey', 'keychain.deleteKey'].includes(name)
    )
      await rebuildFuzzWorkspace();
  };

  const checkAnswer = (name: string, index: number, answer: unknown): string | null => {
    if (answer === null || typeof answer !== 'object') return 'not an object';
    const r = answer as Record<string, unknown>;
    if (r['ok'] === true) {
      if (!('value' in r)) return 'ok without value';
    } else if (r['ok'] === false) {
      const error = r['error'] as Record<string, unknown> | undefined;
      if (!error || !(ERROR_CODES as readonly unknown[]).includes(error['code']))
        return `unknown code ${String(error?.['code'])}`;
      if (typeof error['message'] !== 'string' || error['message'].trim() === '') return 'empty message';
    } else return 'ok is not a boolean';
    try {
      JSON.stringify(answer);
    } catch (error) {
      return `cannot cross the web bridge: ${String(error)}`;
    }
    void name;
    void index;
    return null;
  };

  it(`sends ${INPUTS_PER_CALL} inputs to every call and always answers a Result`, async () => {
    const g = new Gen(prng(SEED));
    const tallies = new Map<string, Tally>();
    let validSinceReset = 0;
    const started = performance.now();

    for (const name of CALL_NAMES) {
      const schema = lookupCall(name)!.input;
      const tally: Tally = { inputs: 0, valid: 0, ok: 0, codes: {}, ms: 0, mutations: {} };
      const callStarted = performance.now();
      tallies.set(name, tally);
      await control('/reset');
      validSinceReset = 0;
      for (let index = 0; index < INPUTS_PER_CALL; index++) {
        let input: unknown;
        let kind: Mutation | 'random-root' | 'none' = 'none';
        let valid = false;
        for (let draw = 0; draw < 20; draw++) {
          if (g.chance(0.1)) {
            input = randomJson(g);
            kind = 'random-root';
          } else {
            input = seedFor(schema, g, pool).input;
            kind = 'none';
            const rounds = g.chance(0.05) ? 0 : 1 + g.int(3);
            for (let m = 0; m < rounds; m++)
              ({ value: input, kind } = mutate(input, g, [pool.builtIn, pool.fuzz, ...pool.unknown]));
          }
          input = confineExportPath(input, pool);
          valid = (() => {
            try {
              return schema.safeParse(input ?? {}).success;
            } catch {
              return false;
            }
          })();
          if (!(valid && tally.valid >= (VALID_CAPS[name] ?? VALID_CAP))) break;
        }
        tally.inputs++;
        tally.mutations[kind] = (tally.mutations[kind] ?? 0) + 1;
        if (valid) {
          tally.valid++;
          if (++validSinceReset >= RESET_EVERY_VALID) {
            await control('/reset');
            validSinceReset = 0;
          }
        }

        let answer: Result<unknown>;
        try {
          answer = await app.router.dispatch(name, input);
        } catch (error) {
          problems.push(`seed ${SEED} ${name} #${index}: dispatch threw ${String(error)}`);
          continue;
        }
        const problem = checkAnswer(name, index, answer);
        if (problem) problems.push(`seed ${SEED} ${name} #${index} (${kind}): ${problem}`);
        if (answer.ok) tally.ok++;
        else tally.codes[answer.error.code] = (tally.codes[answer.error.code] ?? 0) + 1;
        await restore(name, input, answer);
      }
      tally.ms = performance.now() - callStarted;
    }

    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.info(`contract fuzz: seed ${SEED}, ${CALL_NAMES.length} calls, ${seconds} s`);
    for (const [name, t] of tallies) {
      const codes = Object.entries(t.codes)
        .sort((a, b) => b[1] - a[1])
        .map(([c, n]) => `${c} ${n}`)
        .join(', ');
      console.info(
        `  ${name.padEnd(34)} ${t.inputs} inputs, ${t.valid} valid, ${t.ok} ok, ${(t.ms / 1000).toFixed(1)} s; ${codes}`,
      );
    }

    for (const line of [...new Set(logged)].slice(0, 15)) console.info(`  logged: ${line.slice(0, 600)}`);
    expect(problems.slice(0, 20)).toEqual([]);
    expect(unhandled).toEqual([]);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    for (const name of CALL_NAMES)
      expect(tallies.get(name)?.inputs, name).toBeGreaterThanOrEqual(INPUTS_PER_CALL);
    // The main side never failed in a way it could not name.
    const internal = [...tallies]
      .filter(([, t]) => (t.codes['internal'] ?? 0) > 0)
      .map(([n, t]) => `${n}: ${t.codes['internal']}`);
    expect(internal).toEqual([]);
    // The app still works after all of it.
    expect((await app.router.dispatch('portfolios.list', { workspaceId: pool.builtIn })).ok).toBe(true);
    expect((await app.router.dispatch('portfolios.list', { workspaceId: pool.fuzz })).ok).toBe(true);
  }, 600_000);
});
