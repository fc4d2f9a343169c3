/**
 * Shared set-up for the fault tests: the real main side (createMainApp, with its embedded sandbox)
 * plus a workspace of environment `sandbox` whose base URL is a misbehaving server, with a key in
 * the keychain. Every check goes through `router.dispatch`, so what is asserted is exactly what
 * the renderer would receive. A test of pacing (backoff, Retry-After, a guard's pause) gives the
 * rig a virtual clock: the clients and guards then read its time, and every wait they ask for is
 * recorded and passes at once, so the test asserts the waits asked for and never waits itself.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { createMainApp, type MainApp } from '../../../src/main/app/create-app';
import type { Logger } from '../../../src/main/log/logger';
import type { Sleep } from '../../../src/main/platform/client';
import { ERROR_CODES, type ErrorCode, type Result } from '../../../src/shared/result';
import type { WorkspaceList } from '../../../src/shared/contract';
import {
  MISBEHAVING_ORG,
  startMisbehavingServer,
  type Behaviour,
  type MisbehavingServer,
} from '../../support/misbehaving-server';

export interface FaultRig {
  app: MainApp;
  server: MisbehavingServer;
  /** The workspace pointing at the misbehaving server. */
  faulty: string;
  /** The built-in "Local sandbox" workspace: the healthy one. */
  healthy: string;
  logLines: string[];
  call(name: string, input: unknown): Promise<Result<unknown>>;
  /**
   * Another workspace on the misbehaving server, with its own key and lockout guard: a test that
   * must start with nothing held back (no pause from an earlier 429) uses one.
   */
  freshFaulty(): Promise<string>;
  close(): Promise<void>;
}

/**
 * Time for the platform clients and their lockout guards that moves only when they sleep (or the
 * test advances it): a wait is recorded in `slept` and passes at once. It starts at the real time
 * and stays near it (the embedded sandbox accepts signatures within 30 s of its own clock), so a
 * rig on it suits a test file whose waits add up to well under that.
 */
export interface VirtualClock {
  now(): number;
  sleep: Sleep;
  /** Every wait the clients asked for, in ms, in order. */
  slept: number[];
  /** Moves the time on, as if the test had waited `ms`. */
  advance(ms: number): void;
}

export function virtualClock(start = Date.now()): VirtualClock {
  let now = start;
  const slept: number[] = [];
  return {
    now: () => now,
    sleep: async (ms) => {
      slept.push(ms);
      now += ms;
    },
    slept,
    advance: (ms) => {
      now += ms;
    },
  };
}

export async function startFaultRig(
  options: { timeoutMs?: number; clock?: VirtualClock } = {},
): Promise<FaultRig> {
  const dataDir = await mkdtemp(join(tmpdir(), 'copper-faults-'));
  const logLines: string[] = [];
  const log: Logger = {
    info: (s, m) => logLines.push(`INFO [${s}] ${m}`),
    warn: (s, m) => logLines.push(`WARN [${s}] ${m}`),
    error: (s, m) => logLines.push(`ERROR [${s}] ${m}`),
  };
  const app = await createMainApp({
    dataDir,
    shell: 'browser',
    version: 'test',
    sandboxSize: 'small',
    log,
    saveDialog: null,
    timeoutMs: options.timeoutMs,
    ...(options.clock ? { platformClock: { now: options.clock.now, sleep: options.clock.sleep } } : {}),
  });
  const server = await startMisbehavingServer();
  const call = (name: string, input: unknown) => app.router.dispatch(name, input);
  const must = async <T>(name: string, input: unknown): Promise<T> => {
    const result = await call(name, input);
    if (!result.ok) throw new Error(`${name} failed: ${result.error.code} ${result.error.message}`);
    return result.value as T;
  };

  // Where no Secret Service answers (a run outside scripts/with-keyring.sh) keys go to a vault.
  const status = await must<{ osKeychainAvailable: boolean }>('keychain.status', {});
  if (!status.osKeychainAvailable)
    await must('keychain.createVault', { passphrase: 'fault tests passphrase' });
  const list = await must<WorkspaceList>('workspaces.list', {});
  const healthy = list.workspaces.find((w) => w.builtIn)?.id;
  if (!healthy) throw new Error('no built-in sandbox workspace');
  const made: string[] = [];
  const freshFaulty = async (): Promise<string> => {
    const ws = await must<{ id: string }>('workspaces.create', {
      name: `Misbehaving platform ${made.length + 1}`,
      environment: 'sandbox',
      organizationId: MISBEHAVING_ORG,
      baseUrl: server.baseUrl,
    });
    await must('keychain.setKey', {
      workspaceId: ws.id,
      apiKey: `fault-key-${made.length + 1}`,
      apiSecret: 'fault-secret',
    });
    made.push(ws.id);
    return ws.id;
  };
  const created = { id: await freshFaulty() };

  return {
    app,
    server,
    faulty: created.id,
    healthy,
    logLines,
    call,
    freshFaulty,
    async close() {
      for (const id of made) await call('keychain.deleteKey', { workspaceId: id });
      await server.close();
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The renderer gets a failure value (never a throw), with a known code, the expected one, and a
 * message an operator can act on: plain text, bounded, matching `says`.
 */
export function expectClearFailure(result: Result<unknown>, code: ErrorCode, says: RegExp): void {
  expect(result.ok, JSON.stringify(result).slice(0, 300)).toBe(false);
  if (result.ok) return;
  expect(ERROR_CODES).toContain(result.error.code);
  expect(result.error.code, result.error.message).toBe(code);
  expect(result.error.message).toMatch(says);
  expect(result.error.message.length).toBeLessThan(600);
  // Nothing of the hostile body (markup, script) reaches the message.
  expect(result.error.message).not.toMatch(/<script|<html|alert\(/i);
}

/**
 * Resolves once the misbehaving server has received a request (a call under test is in flight):
 * a condition to wait for, not a time; the test's own timeout bounds it.
 */
export async function untilFirstHit(rig: FaultRig): Promise<void> {
  while (rig.server.hits.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** After a fault the app still works: a call to the healthy built-in sandbox succeeds. */
export async function expectStillUsable(rig: FaultRig): Promise<void> {
  const portfolios = await rig.call('portfolios.list', { workspaceId: rig.healthy });
  expect(portfolios.ok, JSON.stringify(portfolios).slice(0, 300)).toBe(true);
  const list = await rig.call('workspaces.list', {});
  expect(list.ok).toBe(true);
}

/** A loan the rules allow each action on, so that preparing succeeds and the PATCH goes out. */
export function loanFor(kind: string): Record<string, unknown> {
  const base = {
    loanId: 'loan-1',
    amount: '100',
    currency: 'USDC',
    mainCurrency: 'ETH',
    loanType: 'bilateral-uncollateralised-loan',
    createdBy: 'u',
    createdAt: '1',
    updatedAt: '2',
    lenderOrganizationId: MISBEHAVING_ORG,
    lenderCounterpartyId: 'cp-lender',
    borrowerCounterpartyId: 'cp-borrower',
  };
  const alloc = (over: Record<string, unknown>) => ({
    loanAllocationId: 'a1',
    loanId: 'loan-1',
    amount: '10',
    currency: 'USDC',
    mainCurrency: 'ETH',
    createdAt: '1',
    updatedAt: '1',
    ...over,
  });
  switch (kind) {
    case 'loans.approve':
      return { ...base, status: 'awaiting-approval' };
    case 'loans.cancelInterestPayment':
      return {
        ...base,
        status: 'repaying-interest',
        embedded: { loanAllocations: [alloc({ allocationType: 'repay', status: 'awaiting-acceptance' })] },
      };
    case 'loans.acceptRepayment':
      return {
        ...base,
        status: 'repaying',
        embedded: {
          loanAllocations: [
            alloc({
              allocationType: 'repay',
              status: 'awaiting-acceptance',
              requestorCounterpartyId: 'cp-borrower',
            }),
          ],
        },
      };
    case 'loans.confirmExternalDisbursement':
      return {
        ...base,
        status: 'disbursing',
        extra: { externalDisbursal: true },
        embedded: {
          loanAllocations: [
            alloc({ allocationType: 'disburse-externally', status: 'awaiting-confirmation' }),
          ],
        },
      };
    default:
      return { ...base, status: 'active' };
  }
}

/**
 * Reads answer with a loan that allows `kind` (so that preparing the action succeeds); every POST
 * and PATCH meets `action`: the fault under test reaches the action itself, not its preparation.
 */
export const readsLoanThen =
  (kind: string, action: Behaviour): Behaviour =>
  (req, res, n) => {
    if (req.method !== 'GET') return action(req, res, n);
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(loanFor(kind)));
  };
