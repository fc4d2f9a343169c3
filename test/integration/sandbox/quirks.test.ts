/**
 * Issue 18 point 5: the quirks mode produces each messy answer a real platform can send. These
 * tests only show that the sandbox produces them; the console's handling is tested elsewhere.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Activity, Portfolio, Wallet } from '../../../src/shared/platform/resources';
import { startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(async () => {
  await h.control('POST', '/reset');
});

const setQuirks = async (quirks: Record<string, unknown>) => {
  const res = await h.control('POST', '/quirks', quirks);
  expect(res.status, res.text).toBe(200);
};
const activities = (query: string) => `/platform/organizations/${h.org}/activities?${query}`;
const ids = async (query: string) =>
  (await h.get<{ activities: Activity[] }>(activities(query))).activities.map((a) => a.activityId);

describe('quirks controls', () => {
  it('replaces, reads and clears the set; reset clears it too', async () => {
    expect((await h.control('GET', '/quirks')).json).toEqual({ quirks: {} });
    await setQuirks({ pageCap: 5, nulls: true });
    await setQuirks({ ignoreOffset: true });
    expect((await h.control('GET', '/quirks')).json).toEqual({ quirks: { ignoreOffset: true } });
    expect((await h.control('DELETE', '/quirks')).json).toEqual({ quirks: {} });
    await setQuirks({ pageCap: 5 });
    await h.control('POST', '/reset');
    expect((await h.control('GET', '/quirks')).json).toEqual({ quirks: {} });
  });

  it.each([
    [{ pageCapp: 5 }, /pageCapp/],
    [{ pageCap: 0 }, /pageCap/],
    [{ pageCap: '5' }, /pageCap/],
    [{ retryAfter: { seconds: 10 } }, /retryAfter\.every/],
    [{ clearLoopPagination: 'absent' }, /clearLoopPagination/],
    [{ agentWalletsShape: 'list' }, /agentWalletsShape/],
  ])('refuses %j, naming the quirk', async (body, message) => {
    const res = await h.control('POST', '/quirks', body);
    expect(res.status).toBe(400);
    expect((res.json as { message: string }).message).toMatch(message);
  });

  it('starts with the quirks given to startSandbox', async () => {
    const other = await startHarness({ quirks: { pageCap: 3 } });
    try {
      expect((await other.control('GET', '/quirks')).json).toEqual({ quirks: { pageCap: 3 } });
      const page = await other.get<{ activities: Activity[] }>(
        `/platform/organizations/${other.org}/activities?limit=50`,
      );
      expect(page.activities).toHaveLength(3);
    } finally {
      await other.close();
    }
  });
});

describe('paging quirks', () => {
  it('pageCap: every list holds at most that many rows, whatever limit asked', async () => {
    const full = await ids('limit=50');
    await setQuirks({ pageCap: 7 });
    expect(await ids('limit=50')).toEqual(full.slice(0, 7));
    for (const path of [
      '/platform/portfolios?limit=50',
      '/platform/wallets?limit=50',
      '/platform/crypto-addresses?limit=50',
      '/platform/clearloop/actions?limit=50',
      `/platform/organizations/${h.org}/loans?limit=50`,
    ]) {
      const body = await h.get<Record<string, unknown[]>>(path);
      const rows = Object.values(body).find(Array.isArray) ?? [];
      expect(rows.length, path).toBe(7);
    }
    // The CSV export too: the 7th row is there, the 8th is not.
    const csv = await h.req('GET', activities('limit=50'), { headers: { Accept: 'text/csv' } });
    expect(csv.text).toContain(full[6]);
    expect(csv.text).not.toContain(full[7]);
  });

  it('repeatRows: each page after the first starts with the last K rows of the previous one', async () => {
    const full = await ids('limit=30');
    await setQuirks({ repeatRows: 3 });
    expect(await ids('limit=10&offset=0')).toEqual(full.slice(0, 10));
    expect(await ids('limit=10&offset=10')).toEqual(full.slice(7, 17));
  });

  it('ignoreOffset: every offset answers the first page', async () => {
    const first = await ids('limit=10');
    await setQuirks({ ignoreOffset: true });
    expect(await ids('limit=10&offset=20')).toEqual(first);
    const loans = await h.get<{ loans: { loanId: string }[] }>(
      `/platform/organizations/${h.org}/loans?limit=5&offset=5`,
    );
    const firstLoans = await h.get<{ loans: { loanId: string }[] }>(
      `/platform/organizations/${h.org}/loans?limit=5`,
    );
    expect(loans.loans).toEqual(firstLoans.loans);
  });

  it('emptyPageAtOffset: that page is empty, the ones around it are not', async () => {
    await setQuirks({ emptyPageAtOffset: 20 });
    expect(await ids('limit=10&offset=10')).toHaveLength(10);
    expect(await ids('limit=10&offset=20')).toEqual([]);
    expect(await ids('limit=10&offset=30')).toHaveLength(10);
    const csv = await h.req('GET', activities('limit=10&offset=20'), { headers: { Accept: 'text/csv' } });
    expect(csv.text.split('\r\n').filter(Boolean)).toHaveLength(1);
  });

  it('clearLoopPagination: missing, or pages "1" whatever the total', async () => {
    await setQuirks({ clearLoopPagination: 'missing' });
    const missing = await h.get<Record<string, unknown>>('/platform/clearloop/actions?limit=10');
    expect(missing.pagination).toBeUndefined();
    expect(missing.actions).toHaveLength(10);
    await setQuirks({ clearLoopPagination: 'wrong' });
    const wrong = await h.get<{ pagination: Record<string, string> }>('/platform/clearloop/actions?limit=10');
    expect(wrong.pagination.pages).toBe('1');
    expect(Number(wrong.pagination.totalItems)).toBeGreaterThan(10);
  });
});

describe('shape quirks', () => {
  it('numbersForStrings: amounts as JSON numbers, big ones in exponent form', async () => {
    const custody = await h.portfolioId('Main Custody');
    await h.control('POST', '/deposits', {
      portfolioId: custody,
      currency: 'BTC',
      amount: '1500000000000000000000',
    });
    await setQuirks({ numbersForStrings: true });
    const res = await h.req('GET', `/platform/wallets?portfolioId=${custody}`);
    const wallets = (res.json as { wallets: Record<string, unknown>[] }).wallets;
    expect(typeof wallets[0]?.balance).toBe('number');
    expect(typeof wallets[0]?.available).toBe('number');
    expect(typeof wallets[0]?.walletId).toBe('string');
    expect(res.text).toMatch(/"balance":1\.5\d*e\+21/);
    const loans = await h.get<{ loans: Record<string, unknown>[] }>(
      `/platform/organizations/${h.org}/loans?limit=5`,
    );
    expect(typeof loans.loans[0]?.amount).toBe('number');
    await h.control('DELETE', '/quirks');
    const clean = await h.get<{ wallets: Wallet[] }>(`/platform/wallets?portfolioId=${custody}`);
    expect(typeof clean.wallets[0]?.balance).toBe('string');
  });

  it('retryAfter: every Nth request answers 429 with Retry-After and changes nothing', async () => {
    await setQuirks({ retryAfter: { seconds: 120, every: 3 } });
    expect((await h.req('GET', '/platform/portfolios')).status).toBe(200);
    expect((await h.req('GET', '/platform/portfolios')).status).toBe(200);
    const refused = await h.req('GET', '/platform/portfolios');
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('120');
    expect((refused.json as { error: string }).error).toBe('too-many-requests');
    expect((await h.req('GET', '/platform/portfolios')).status).toBe(200);
  });

  it('agentWalletsShape: wrapped, bare array or {data}', async () => {
    const wrapped = await h.get<Record<string, unknown>>('/platform/agent-wallets');
    expect(Array.isArray(wrapped.agentWallets)).toBe(true);
    await setQuirks({ agentWalletsShape: 'bare-array' });
    const bare = await h.get<unknown>('/platform/agent-wallets');
    expect(bare).toEqual(wrapped.agentWallets);
    await setQuirks({ agentWalletsShape: 'data' });
    expect(await h.get<unknown>('/platform/agent-wallets')).toEqual({ data: wrapped.agentWallets });
  });

  it('errorExtraFields: error envelopes carry requestId and details', async () => {
    const plain = await h.req('GET', '/platform/nope');
    expect(Object.keys(plain.json as object).sort()).toEqual(['error', 'message']);
    await setQuirks({ errorExtraFields: true });
    const rich = (await h.req('GET', '/platform/nope')).json as Record<string, unknown>;
    expect(rich).toMatchObject({ error: 'not-found' });
    expect(rich.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof rich.details).toBe('string');
  });

  it('nulls: portfolios with isActive null, some wallets without totalBalance; stored data untouched', async () => {
    await setQuirks({ nulls: true });
    const portfolios = await h.get<{ portfolios: Record<string, unknown>[] }>('/platform/portfolios');
    expect(portfolios.portfolios.length).toBeGreaterThan(0);
    expect(portfolios.portfolios.every((p) => p.isActive === null)).toBe(true);
    const wallets = await h.get<{ wallets: Record<string, unknown>[] }>('/platform/wallets?limit=10');
    expect(wallets.wallets.some((w) => !('totalBalance' in w))).toBe(true);
    expect(wallets.wallets.some((w) => 'totalBalance' in w)).toBe(true);
    await h.control('DELETE', '/quirks');
    const clean = await h.get<{ portfolios: Portfolio[] }>('/platform/portfolios');
    expect(clean.portfolios).toHaveLength(portfolios.portfolios.length);
    expect(clean.portfolios.every((p) => p.isActive === true)).toBe(true);
  });
});
