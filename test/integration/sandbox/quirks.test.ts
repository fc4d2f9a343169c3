/**
 * Issue 18 point 5: the quirks mode produces each messy answer a real platform can send. These
 * tests only show that the sandbox produces them; the console's handling is tested elsewhere.
 */
import { describe, expect, it } from 'vitest';
import type { Activity, Portfolio, Wallet } from '../../../src/shared/platform/resources';
import { startHarness, useHarness } from './harness';

const h = useHarness({}, { reset: true });

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
    [{ movingRows: 'sometimes' }, /movingRows/],
    [{ htmlError: { status: 500, every: 1 } }, /htmlError\.status/],
    [{ redirect: { status: 308, to: 'path', every: 1 } }, /redirect\.status/],
    [{ retryAfter: { seconds: 5, every: 1, form: 'rfc850' } }, /retryAfter\.form/],
    [{ gzip: true }, /gzip/],
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

  it('emptyPageTimes: the page at emptyPageAtOffset is empty only the first N times', async () => {
    const rows = await ids('limit=10&offset=20');
    await setQuirks({ emptyPageAtOffset: 20, emptyPageTimes: 2 });
    expect(await ids('limit=10&offset=20')).toEqual([]);
    expect(await ids('limit=10&offset=20')).toEqual([]);
    expect(await ids('limit=10&offset=20')).toEqual(rows);
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

/** Issue 25 point 8: nulls, ids, and values the specification does not list. */
type Row = Record<string, unknown> | null;
const LIST_PATHS = (org: string): [string, string][] => [
  ['/platform/portfolios', 'portfolios'],
  ['/platform/wallets?limit=10', 'wallets'],
  ['/platform/crypto-addresses?limit=10', 'cryptoAddresses'],
  ['/platform/clearloop/actions?limit=10', 'actions'],
  [`/platform/organizations/${org}/activities?limit=10`, 'activities'],
  [`/platform/organizations/${org}/loans?limit=10`, 'loans'],
];
const loansPage = async () =>
  (await h.get<{ loans: Row[] }>(`/platform/organizations/${h.org}/loans?limit=100`)).loans.filter(
    (l): l is Record<string, unknown> => l !== null,
  );

describe('null quirks', () => {
  it('nullRows: the second row of every list page is null; the page keeps its length', async () => {
    const clean = new Map<string, Row[]>();
    for (const [path, key] of LIST_PATHS(h.org))
      clean.set(key, (await h.get<Record<string, Row[]>>(path))[key] ?? []);
    const agents = (await h.get<{ agentWallets: Row[] }>('/platform/agent-wallets')).agentWallets;
    await setQuirks({ nullRows: true });
    for (const [path, key] of LIST_PATHS(h.org)) {
      const rows = (await h.get<Record<string, Row[]>>(path))[key] ?? [];
      const before = clean.get(key) ?? [];
      expect(rows.length, key).toBe(before.length);
      expect(rows[1], key).toBeNull();
      expect(rows[0], key).toEqual(before[0]);
      expect(rows.slice(2), key).toEqual(before.slice(2));
    }
    const quirky = (await h.get<{ agentWallets: Row[] }>('/platform/agent-wallets')).agentWallets;
    expect(quirky).toHaveLength(agents.length);
    expect(quirky[agents.length > 1 ? 1 : 0]).toBeNull();
  });

  it('nullObjects: loans with extra or embedded null, alike in lists and single reads; portfolios and addresses extra null', async () => {
    await setQuirks({ nullObjects: true });
    const rows = await loansPage();
    const extraNull = rows.filter((l) => l.extra === null);
    const embeddedNull = rows.filter((l) => l.embedded === null);
    expect(extraNull.length).toBeGreaterThan(0);
    expect(embeddedNull.length).toBeGreaterThan(0);
    expect(rows.some((l) => l.extra !== null && l.embedded !== null)).toBe(true);
    for (const loan of [extraNull[0], embeddedNull[0]]) {
      const single = await h.get<Record<string, unknown>>(
        `/platform/organizations/${h.org}/loans/${String(loan?.loanId)}`,
      );
      expect(single.extra === null).toBe(loan?.extra === null);
      expect(single.embedded === null).toBe(loan?.embedded === null);
    }
    const portfolios = await h.get<{ portfolios: Row[] }>('/platform/portfolios');
    expect(portfolios.portfolios.every((p) => p !== null && p.extra === null)).toBe(true);
    const addresses = await h.get<{ cryptoAddresses: Row[] }>('/platform/crypto-addresses?limit=5');
    expect(addresses.cryptoAddresses.every((a) => a !== null && a.extra === null)).toBe(true);
    await h.control('DELETE', '/quirks');
    expect((await loansPage()).every((l) => l.extra !== null && l.embedded !== null)).toBe(true);
  });

  it('nullEntries: every loan embedded collaterals, counterparties and loanAllocations start with null', async () => {
    const clean = await loansPage();
    await setQuirks({ nullEntries: true });
    const rows = await loansPage();
    rows.forEach((loan, i) => {
      const e = loan.embedded as Record<string, unknown[]>;
      const was = clean[i]?.embedded as Record<string, unknown[]>;
      for (const key of ['collaterals', 'counterparties', 'loanAllocations']) {
        expect(e[key]?.[0], key).toBeNull();
        expect(e[key]?.slice(1), key).toEqual(was[key] ?? []);
      }
    });
  });

  it('rowsWithoutIds: list rows come without their own id field', async () => {
    await setQuirks({ rowsWithoutIds: true });
    const ids: Record<string, string> = {
      portfolios: 'portfolioId',
      wallets: 'walletId',
      cryptoAddresses: 'cryptoAddressId',
      actions: 'orderId',
      activities: 'activityId',
      loans: 'loanId',
    };
    for (const [path, key] of LIST_PATHS(h.org)) {
      const rows = (await h.get<Record<string, Row[]>>(path))[key] ?? [];
      expect(rows.length, key).toBeGreaterThan(0);
      expect(
        rows.some((r) => r !== null && (ids[key] as string) in r),
        key,
      ).toBe(false);
    }
    // Wallets keep portfolioId: it is not their own id.
    const wallets = await h.get<{ wallets: Row[] }>('/platform/wallets?limit=3');
    expect(wallets.wallets.every((w) => w !== null && typeof w.portfolioId === 'string')).toBe(true);
  });
});

describe('values the specification does not promise', () => {
  it('unknownEnums: loan status, debtRatioStatus and an allocation type the specification does not list', async () => {
    await setQuirks({ unknownEnums: true });
    const rows = await loansPage();
    const odd = rows.filter((l) => l.status === 'on-hold');
    expect(odd.length).toBeGreaterThan(0);
    expect(odd.length).toBeLessThan(rows.length);
    expect(odd.every((l) => l.debtRatioStatus === 'under-review')).toBe(true);
    const allocations = odd.flatMap(
      (l) => (l.embedded as { loanAllocations?: { type: string }[] } | undefined)?.loanAllocations ?? [],
    );
    expect(allocations.some((a) => a.type === 'rebalance')).toBe(true);
  });

  it('exoticAmounts: about one amount string in three is hex, exponent, signed, padded or huge', async () => {
    await setQuirks({ exoticAmounts: true });
    const res = await h.req('GET', '/platform/wallets?limit=100');
    for (const exotic of ['"0x10"', '"1e3"', '"+5"', '" 5"', '"1e100000"'])
      expect(res.text).toContain(exotic);
    const wallets = (res.json as { wallets: Record<string, unknown>[] }).wallets;
    expect(wallets.some((w) => typeof w.balance === 'string' && /^-?\d+(\.\d+)?$/.test(w.balance))).toBe(
      true,
    );
  });

  it('secondsTimestamps: every ms timestamp is sent in seconds', async () => {
    const clean = await loansPage();
    await setQuirks({ secondsTimestamps: true });
    const rows = await loansPage();
    expect(rows[0]?.createdAt).toBe(String(Math.floor(Number(clean[0]?.createdAt) / 1000)));
    expect(rows.every((l) => /^\d{10}$/.test(String(l.updatedAt)))).toBe(true);
    const recent = await h.get<{ activities: Activity[] }>(activities('limit=5'));
    expect(recent.activities.every((a) => /^\d{10}$/.test(a.createdAt))).toBe(true);
  });

  it('every new quirk can be set at once and reads back as set', async () => {
    const all = {
      nullRows: true,
      nullObjects: true,
      nullEntries: true,
      movingRows: 'served',
      growingTotal: 2,
      rowsWithoutIds: true,
      htmlError: { status: 503, every: 7 },
      errorEnvelopeOk: { every: 11 },
      gzip: 'labelled',
      bom: true,
      cutOffBody: { every: 13 },
      redirect: { status: 302, to: 'host', every: 17 },
      dateSkewMs: 300_000,
      unreadableDate: true,
      unknownEnums: true,
      exoticAmounts: true,
      secondsTimestamps: true,
      retryAfter: { seconds: 5, every: 19, form: 'http-date' },
    };
    await setQuirks(all);
    expect((await h.control('GET', '/quirks')).json).toEqual({ quirks: all });
  });
});
