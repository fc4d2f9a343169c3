/**
 * The console's reads against the sandbox's quirks mode (src/shared/sandbox-quirks.ts), which
 * answers the way a real platform can (issue 18): capped pages, rows repeated across pages, an
 * ignored offset, an empty page in the middle, numbers for amount strings, other agent-wallet
 * shapes, a missing or wrong ClearLoop pagination, extra error fields, nulls. One test per fault;
 * each failed on the code before issue 18's fix.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox } from '../../../src/sandbox';
import { exportActivitiesCsv } from '../../../src/main/exports/activities-csv';
import {
  PlatformClient,
  getLoan,
  listAgentWallets,
  readAgentWallets,
  listAllActivities,
  listAllCryptoAddresses,
  listClearLoopActions,
  listPortfolios,
  listWallets,
} from '../../../src/main/platform';
import type { SandboxQuirks } from '../../../src/shared/sandbox-quirks';
import type { Activity } from '../../../src/shared/platform/resources';
import { isJsonNumber, sumAmounts } from '../../../src/renderer/src/lib/decimal';
import { startSandboxClient, unwrap } from '../../support/sandbox-client';

let sandbox: RunningSandbox;
let client: PlatformClient;
/** Every activity id, read once with no quirk: what every quirky walk must find, no more. */
let allIds: string[];

async function setQuirks(quirks: SandboxQuirks): Promise<void> {
  const res = await fetch(`${sandbox.controlUrl}/quirks`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Sandbox-Token': sandbox.controlToken },
    body: JSON.stringify(quirks),
  });
  expect(res.status, await res.text()).toBe(200);
}

const walkActivities = (pageSize = 1000) =>
  listAllActivities(client, sandbox.organizationId, {}, { pageSize });
const idsOf = (rows: readonly Activity[]) => rows.map((a) => a.activityId);

beforeAll(async () => {
  ({ sandbox, client } = await startSandboxClient('ws-quirks'));
  allIds = idsOf(unwrap(await walkActivities()).items);
  expect(allIds.length).toBeGreaterThan(120);
  expect(new Set(allIds).size).toBe(allIds.length);
});
afterEach(() => setQuirks({}));
afterAll(() => sandbox.close());

describe('paging faults (issue 18, 2 and 3)', () => {
  it('capped pages: every row, and not reported as truncated', async () => {
    await setQuirks({ pageCap: 40 });
    const r = unwrap(await walkActivities());
    expect(idsOf(r.items)).toEqual(allIds);
    expect(r).toMatchObject({ truncated: false, incomplete: false, duplicatesDropped: 0 });
  });

  it('rows repeated across pages: dropped by id and counted', async () => {
    await setQuirks({ pageCap: 40, repeatRows: 3 });
    const r = unwrap(await walkActivities());
    expect(idsOf(r.items)).toEqual(allIds);
    expect(r.duplicatesDropped).toBeGreaterThan(0);
  });

  it('an ignored offset: stops at the repeated page with a clear error, bounded', async () => {
    await setQuirks({ ignoreOffset: true, pageCap: 40 });
    const r = await walkActivities();
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.message).toMatch(/repeated page 2/);
  });

  it('the same walk serves the address book', async () => {
    const clean = unwrap(await listAllCryptoAddresses(client, {}));
    await setQuirks({ pageCap: 7, repeatRows: 2 });
    const r = unwrap(await listAllCryptoAddresses(client, {}));
    expect(r.items.map((a) => a.cryptoAddressId)).toEqual(clean.items.map((a) => a.cryptoAddressId));
    expect(r.duplicatesDropped).toBeGreaterThan(0);
  });

  it('the CSV export follows the same end-of-walk rule', async () => {
    await setQuirks({ pageCap: 40, repeatRows: 3 });
    const dir = mkdtempSync(join(tmpdir(), 'copper-quirks-'));
    try {
      const filePath = join(dir, 'activities.csv');
      const result = await exportActivitiesCsv({
        client,
        organizationId: sandbox.organizationId,
        filters: {},
        filePath,
      });
      expect(result.ok && result.value).toMatchObject({ rows: allIds.length, incomplete: false });
      expect(result.ok && result.value.duplicatesDropped).toBeGreaterThan(0);
      const records = parse(readFileSync(filePath, 'utf8'), { columns: true }) as { activityId: string }[];
      expect(records.map((r) => r.activityId)).toEqual(allIds);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('shapes (issue 18, 4, 6 and 7)', () => {
  it('agent wallets in every shape the specification allows', async () => {
    const wrapped = unwrap(await listAgentWallets(client, {}));
    expect(wrapped.length).toBeGreaterThan(0);
    for (const [agentWalletsShape, readFrom] of [
      ['bare-array', null],
      ['data', 'data'],
    ] as const) {
      await setQuirks({ agentWalletsShape });
      expect(unwrap(await listAgentWallets(client, {})), agentWalletsShape).toEqual(wrapped);
      // The contract's answer says which key held the list (issue 25).
      expect(unwrap(await readAgentWallets(client, {})).readFrom, agentWalletsShape).toBe(readFrom);
    }
  });

  it('ClearLoop with a missing or wrong pagination still answers its actions', async () => {
    const clean = unwrap(await listClearLoopActions(client, { limit: 5 }));
    for (const clearLoopPagination of ['missing', 'wrong'] as const) {
      await setQuirks({ clearLoopPagination });
      const r = unwrap(await listClearLoopActions(client, { limit: 5 }));
      expect(r.actions, clearLoopPagination).toEqual(clean.actions);
    }
  });

  it("keeps an error's requestId and other fields for the operator to quote", async () => {
    await setQuirks({ errorExtraFields: true });
    const r = await getLoan(client, sandbox.organizationId, 'no-such-loan');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('not-found');
    expect(r.error.details?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.error.details?.details).toMatch(/sandbox quirk errorExtraFields/);
  });

  it('numbers for amount strings are never added into totals', async () => {
    await setQuirks({ numbersForStrings: true });
    const wallets = unwrap(await listWallets(client, {}));
    // A number as JavaScript read it, or its exact digits kept by the lossless re-read (issue 25, 5).
    const numeric = wallets.filter((w) => isJsonNumber(w.balance as unknown));
    expect(numeric.length).toBeGreaterThan(0);
    const sum = sumAmounts(wallets.map((w) => w.balance));
    expect(sum.total).toBeNull();
    expect(sum.numbers).toBe(numeric.length);
  });

  it('nulls: isActive null arrives as null, a missing totalBalance makes the total unknown, not 0', async () => {
    await setQuirks({ nulls: true });
    const portfolios = unwrap(await listPortfolios(client, {}));
    expect(portfolios.length).toBeGreaterThan(0);
    // Read as sent: null (the renderer's activeWord, unit-tested, calls it "unknown").
    expect(portfolios.every((p) => (p.isActive as unknown) === null)).toBe(true);
    const wallets = unwrap(await listWallets(client, {}));
    const sum = sumAmounts(wallets.map((w) => w.totalBalance));
    expect(sum.missing).toBeGreaterThan(0);
    expect(sum.total).toBeNull();
  });
});
