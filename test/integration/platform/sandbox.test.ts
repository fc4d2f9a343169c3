/**
 * The client against the real local sandbox (src/sandbox), which verifies signatures its own way:
 * every operation round-trips, the CSV export works page by page, and a wrong secret is refused.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox } from '../../../src/sandbox';
import { RequestHistory } from '../../../src/main/history/request-history';
import { exportActivitiesCsv } from '../../../src/main/exports/activities-csv';
import {
  PlatformClient,
  getLoan,
  listAccounts,
  listActivities,
  listAgentWallets,
  listAllActivities,
  listClearLoopActions,
  listCryptoAddresses,
  listLoans,
  listPortfolios,
  listWallets,
  ltvDryRun,
  testConnection,
} from '../../../src/main/platform';
import { buildRequest, sendBuilt } from '../../../src/main/actions/build-request';
import type { ActionInput } from '../../../src/shared/actions';
import type { Loan } from '../../../src/shared/platform/resources';
import { fail, type Result } from '../../../src/shared/result';

/** Builds an action as the action service does, and sends it once. */
async function act<T>(input: ActionInput): Promise<Result<T>> {
  const built = await buildRequest(
    { client, organizationId: sandbox.organizationId, nextNonce: () => Date.now() },
    input,
  );
  if (!built.ok) return fail(built.error.code, built.error.message);
  return (await sendBuilt(client, built.value, input.kind)) as Result<T>;
}
import { TEST_API_KEY, TEST_API_SECRET } from '../../support/reference-hmac';
import { startSandboxClient, testClient, unwrap } from '../../support/sandbox-client';

let sandbox: RunningSandbox;
let client: PlatformClient;
const history = new RequestHistory();

beforeAll(async () => {
  ({ sandbox, client } = await startSandboxClient('ws-sandbox', history));
});
afterAll(() => sandbox.close());

describe('client against the sandbox', () => {
  it('tests the connection', async () => {
    const test = unwrap(await testConnection(client));
    expect(test.portfolios).toBeGreaterThan(0);
    expect(Math.abs(test.clockSkewMs ?? 0)).toBeLessThan(5_000);
  });

  it('reads every list', async () => {
    const org = sandbox.organizationId;
    const portfolios = unwrap(await listPortfolios(client, {}));
    expect(portfolios.length).toBeGreaterThan(0);
    expect(Array.isArray(unwrap(await listWallets(client, {})))).toBe(true);
    expect(Array.isArray(unwrap(await listAccounts(client)))).toBe(true);
    expect(Array.isArray(unwrap(await listAgentWallets(client, {})))).toBe(true);
    expect(Array.isArray(unwrap(await listCryptoAddresses(client, { limit: 10 })))).toBe(true);
    expect(Array.isArray(unwrap(await listClearLoopActions(client, { limit: 5 })).actions)).toBe(true);
    expect(
      Array.isArray(
        unwrap(await listActivities(client, org, { limit: 5, search: "it's (a) test" })).activities,
      ),
    ).toBe(true);
    const loans = unwrap(await listLoans(client, org, { limit: 20 }));
    if (loans[0]) expect(unwrap(await getLoan(client, org, loans[0].loanId)).loanId).toBe(loans[0].loanId);
  });

  it('runs the LTV dry run (a read)', async () => {
    const result = unwrap(
      await ltvDryRun(client, sandbox.organizationId, {
        body: { loanAmount: '1000', loanCurrency: 'USDC', collaterals: [{ amount: '1', currency: 'BTC' }] },
      }),
    );
    expect(typeof result.answer.ltv).toBe('string');
  });

  it('approves a loan once (PATCH with no body); the second is refused before it is sent', async () => {
    const org = sandbox.organizationId;
    const loans = unwrap(await listLoans(client, org, { statuses: ['awaiting-approval'] }));
    const mine = loans.find((l) => l.lenderOrganizationId === org);
    expect(mine).toBeDefined();
    if (!mine) return;
    const approved = unwrap(await act<Loan>({ kind: 'loans.approve', loanId: mine.loanId }));
    expect(approved.status).not.toBe('awaiting-approval');
    // The loan is read first: the shared rules refuse it now, and no PATCH is sent.
    const again = await act<Loan>({ kind: 'loans.approve', loanId: mine.loanId });
    expect(!again.ok && again.error.code).toBe('bad-input');
    expect(!again.ok && again.error.message).toMatch(/awaiting approval/);
  });

  it('submits an exchange action as platform-facts states it: {action, nonce}', async () => {
    const answer = unwrap(
      await act<{ status: string }>({ kind: 'exchange.submit', action: { type: 'scheduleCancel' } }),
    );
    expect(['ok', 'err']).toContain(answer.status);
  });

  it('walks all activities and exports them as CSV with one header', async () => {
    const all = unwrap(await listAllActivities(client, sandbox.organizationId, {}, { pageSize: 50 }));
    const dir = mkdtempSync(join(tmpdir(), 'copper-sandbox-export-'));
    try {
      const result = unwrap(
        await exportActivitiesCsv({
          client,
          organizationId: sandbox.organizationId,
          filters: {},
          filePath: join(dir, 'a.csv'),
          pageSize: 50,
        }),
      );
      expect(result.rows).toBe(all.items.length);
      const lines = readFileSync(join(dir, 'a.csv'), 'utf8').trim().split(/\r?\n/);
      expect(lines[0]).toContain('activityId');
      expect(lines.filter((l) => l === lines[0])).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is refused with auth-failed for a wrong secret', async () => {
    const wrong = testClient('ws-sandbox', sandbox.baseUrl, undefined, 'wrong-secret');
    const result = await listPortfolios(wrong, {});
    expect(!result.ok && result.error.code).toBe('auth-failed');
  });

  it('kept no secret in the history', () => {
    const dump = JSON.stringify(history.list());
    expect(dump).not.toContain(TEST_API_SECRET);
    expect(dump).not.toContain(TEST_API_KEY);
  });
});
