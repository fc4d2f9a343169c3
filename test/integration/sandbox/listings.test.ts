import { parse } from 'csv-parse/sync';
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_TYPES, ADDRESS_TYPES, PORTFOLIO_TYPES } from '../../../src/shared/platform/enums';
import { QUERY_NAMES } from '../../../src/shared/platform/query-names';
import type {
  Account,
  Activity,
  AgentWallet,
  ClearLoopAction,
  CryptoAddress,
  Pagination,
  Portfolio,
  Wallet,
} from '../../../src/shared/platform/resources';
import { useHarness } from './harness';

const h = useHarness();

const message = (json: unknown): string => (json as { message: string }).message;

describe('portfolios, wallets, accounts', () => {
  it('lists active portfolios of every type by default, filters and pages', async () => {
    const { portfolios } = await h.get<{ portfolios: Portfolio[] }>('/platform/portfolios');
    expect(new Set(portfolios.map((p) => p.portfolioType))).toEqual(new Set(PORTFOLIO_TYPES));
    expect(portfolios.every((p) => p.isActive && p.organizationId === h.org)).toBe(true);
    const inactive = await h.get<{ portfolios: Portfolio[] }>('/platform/portfolios?isActive=false');
    expect(inactive.portfolios.map((p) => p.portfolioName)).toEqual(['Archived Custody']);
    const clearloop = await h.get<{ portfolios: Portfolio[] }>(
      '/platform/portfolios?portfolioTypes=clearloop',
    );
    expect(clearloop.portfolios.length).toBe(3);
    expect(
      clearloop.portfolios.every(
        (p) => p.extra?.clearLoopPortfolioId === p.portfolioId && p.extra.clientAccountId && p.extra.exchange,
      ),
    ).toBe(true);
    const excl = await h.get<{ portfolios: Portfolio[] }>(
      '/platform/portfolios?excludedPortfolioTypes=custody&excludedPortfolioTypes=clearloop',
    );
    expect(
      excl.portfolios.some((p) => p.portfolioType === 'custody' || p.portfolioType === 'clearloop'),
    ).toBe(false);
    expect(
      (await h.get<{ portfolios: Portfolio[] }>('/platform/portfolios?isDefiVault=true')).portfolios.length,
    ).toBe(1);
    expect(
      (await h.get<{ portfolios: Portfolio[] }>('/platform/portfolios?signingFlowType=mpc')).portfolios
        .length,
    ).toBeGreaterThan(0);
    const one = portfolios[3]?.portfolioId ?? '';
    expect(
      (await h.get<{ portfolios: Portfolio[] }>(`/platform/portfolios?portfolioId=${one}`)).portfolios.length,
    ).toBe(1);
    expect(
      (
        await h.get<{ portfolios: Portfolio[] }>(
          `/platform/portfolios?organizationId=${h.org}&limit=2&offset=1`,
        )
      ).portfolios,
    ).toEqual(portfolios.slice(1, 3));
    expect((await h.req('GET', '/platform/portfolios?organizationId=someone-else')).status).toBe(403);
    expect(message((await h.req('GET', '/platform/portfolios?portfolioTypes=vault')).json)).toMatch(
      /^portfolioTypes/,
    );
  });

  it('lists wallets whose balances add up, with filters', async () => {
    const { wallets } = await h.get<{ wallets: Wallet[] }>('/platform/wallets?limit=5000');
    expect(wallets.length).toBeGreaterThan(30);
    for (const w of wallets) {
      const sum = new Decimal(w.available).plus(w.locked).plus(w.reserve);
      expect(sum.eq(w.balance)).toBe(true);
      expect(sum.plus(w.stakeBalance).eq(w.totalBalance)).toBe(true);
    }
    const btc = await h.get<{ wallets: Wallet[] }>('/platform/wallets?currencies=BTC,ETH&limit=5000');
    expect(btc.wallets.every((w) => w.currency === 'BTC' || w.currency === 'ETH')).toBe(true);
    const main = await h.get<{ wallets: Wallet[] }>('/platform/wallets?mainCurrency=ETH&limit=5000');
    expect(main.wallets.every((w) => w.mainCurrency === 'ETH')).toBe(true);
    const nonEmpty = await h.get<{ wallets: Wallet[] }>('/platform/wallets?nonEmpty=true&limit=5000');
    expect(nonEmpty.wallets.length).toBeLessThan(wallets.length);
    expect(nonEmpty.wallets.every((w) => new Decimal(w.totalBalance).gt(0))).toBe(true);
    const pid = wallets[0]?.portfolioId ?? '';
    expect(
      (await h.get<{ wallets: Wallet[] }>(`/platform/wallets?portfolioId=${pid}`)).wallets.every(
        (w) => w.portfolioId === pid,
      ),
    ).toBe(true);
    const types = await h.get<{ wallets: Wallet[] }>('/platform/wallets?portfolioTypes=trading&limit=5000');
    expect(types.wallets.every((w) => w.portfolioType === 'trading')).toBe(true);
    const excluded = await h.get<{ wallets: Wallet[] }>(
      '/platform/wallets?excludedPortfolioTypes=trading&limit=5000',
    );
    expect(excluded.wallets.length + types.wallets.length).toBe(wallets.length);
    expect(message((await h.req('GET', '/platform/wallets?nonEmpty=1')).json)).toBe(
      'nonEmpty: must be true or false',
    );
  });

  it('answers 400 to a query parameter the client never sends, naming it', async () => {
    const lists: [string, readonly string[]][] = [
      ['/platform/portfolios', QUERY_NAMES.portfolios],
      ['/platform/wallets', QUERY_NAMES.wallets],
      ['/platform/agent-wallets', QUERY_NAMES.agentWallets],
      ['/platform/clearloop/actions', QUERY_NAMES.clearLoopActions],
      ['/platform/crypto-addresses', QUERY_NAMES.cryptoAddresses],
      [`/platform/organizations/${h.org}/loans`, QUERY_NAMES.loans],
      [`/platform/organizations/${h.org}/activities`, QUERY_NAMES.activities],
      ['/platform/accounts', []],
    ];
    for (const [path, names] of lists) {
      const res = await h.req('GET', `${path}?limit=1&loanStatuses=active`);
      expect(res.status, path).toBe(400);
      expect(message(res.json), path).toMatch(/^(loanStatuses|limit): is not a query parameter/);
      // Every name of the shared table is one the operation reads (a value may still be refused).
      for (const name of names) {
        const one = await h.req('GET', `${path}?${name}=1`);
        expect(message(one.json ?? {}) ?? '', `${path} ${name}`).not.toMatch(/is not a query parameter/);
      }
    }
  });

  it('answers the deprecated accounts list', async () => {
    const { accounts } = await h.get<{ accounts: Account[] }>('/platform/accounts');
    expect(accounts.length).toBe(13);
    expect(accounts.every((a) => a.wallets.every((w) => w.portfolioId === a.accountId))).toBe(true);
  });
});

describe('agent wallets', () => {
  it('lists active and pending wallets, never inactive ones', async () => {
    const { agentWallets } = await h.get<{ agentWallets: AgentWallet[] }>('/platform/agent-wallets');
    expect(agentWallets.some((w) => w.status === 'inactive')).toBe(false);
    const pending = agentWallets.filter((w) => w.status === 'pending');
    expect(pending.length).toBe(2);
    expect(pending.every((w) => w.id === w.orderId && w.orderStatus === 'working')).toBe(true);
    expect(agentWallets.some((w) => w.revokeOrderId !== undefined)).toBe(true);
    expect(new Set(agentWallets.map((w) => w.validUntil))).toEqual(
      new Set([null, '0', expect.any(String) as string]),
    );
    const desk = await h.portfolioId('Hyperliquid Desk');
    const only = await h.get<{ agentWallets: AgentWallet[] }>(`/platform/agent-wallets?portfolioId=${desk}`);
    expect(only.agentWallets.length).toBe(5);
    expect((await h.req('GET', '/platform/agent-wallets?portfolioId=nope')).status).toBe(404);
  });
});

describe('ClearLoop actions', () => {
  type Answer = { actions: ClearLoopAction[]; pagination: Pagination };
  it('pages ascending by default with string pagination', async () => {
    const first = await h.get<Answer>('/platform/clearloop/actions?limit=50&offset=100');
    expect(first.pagination).toEqual({ limit: '50', page: '3', pages: '6', totalItems: '300' });
    const ts = first.actions.map((a) => Number(a.createdAt));
    expect(ts).toEqual([...ts].sort((a, b) => a - b));
    const desc = await h.get<Answer>('/platform/clearloop/actions?limit=1000&sortDirection=desc');
    const asc = await h.get<Answer>('/platform/clearloop/actions?limit=1000');
    expect(desc.actions).toEqual([...asc.actions].reverse());
    expect(new Set(asc.actions.map((a) => a.status))).toEqual(
      new Set(['pending', 'processing', 'executed', 'failed']),
    );
    expect(new Set(asc.actions.map((a) => a.action))).toEqual(new Set(['add-funds', 'remove-funds']));
  });

  it('applies every filter', async () => {
    const all = (await h.get<Answer>('/platform/clearloop/actions?limit=1000')).actions;
    const executed = await h.get<Answer>('/platform/clearloop/actions?limit=1000&filterExecuted=true');
    expect(executed.actions.every((a) => a.status === 'executed')).toBe(true);
    expect(executed.pagination.totalItems).toBe(String(all.filter((a) => a.status === 'executed').length));
    const adds = await h.get<Answer>('/platform/clearloop/actions?limit=1000&actionType=add-funds');
    expect(adds.actions.every((a) => a.action === 'add-funds')).toBe(true);
    const mid = all[150]?.createdAt ?? '0';
    const to = await h.get<Answer>(`/platform/clearloop/actions?limit=1000&toTimestamp=${mid}`);
    expect(to.actions.length).toBe(151);
    const from = await h.get<Answer>(`/platform/clearloop/actions?limit=1000&fromTimestamp=${mid}`);
    expect(from.actions.length).toBe(150);
    const p = all[0]?.clearLoopPortfolioId ?? '';
    const byPortfolio = await h.get<Answer>(`/platform/clearloop/actions?limit=1000&portfolioIds=${p},other`);
    expect(byPortfolio.actions.every((a) => a.clearLoopPortfolioId === p)).toBe(true);
    const acct = all[0]?.clientAccountId ?? '';
    const byAccount = await h.get<Answer>(`/platform/clearloop/actions?limit=1000&clientAccountId=${acct}`);
    expect(byAccount.actions.length).toBe(byPortfolio.actions.length);
    for (const [q, name] of [
      ['actionType=x', 'actionType'],
      ['fromTimestamp=yesterday', 'fromTimestamp'],
      ['sortDirection=DESC', 'sortDirection'],
      ['filterExecuted=yes', 'filterExecuted'],
      ['limit=1001', 'limit'],
    ]) {
      const res = await h.req('GET', `/platform/clearloop/actions?${q}`);
      expect(res.status).toBe(400);
      expect(message(res.json).startsWith(name ?? '')).toBe(true);
    }
  });
});

describe('activities', () => {
  const path = (): string => `/platform/organizations/${h.org}/activities`;
  type Answer = { activities: Activity[] };

  it('lists every type, newest first, default limit 1000', async () => {
    const { activities } = await h.get<Answer>(path());
    expect(activities.length).toBe(1000);
    const ts = activities.map((a) => Number(a.createdAt));
    expect(ts).toEqual([...ts].sort((a, b) => b - a));
    const all = (await h.get<Answer>(`${path()}?limit=10000`)).activities;
    expect(new Set(all.map((a) => a.activityType))).toEqual(new Set(ACTIVITY_TYPES));
    expect((await h.get<Answer>(`${path()}?offset=1000&limit=1000`)).activities).toEqual(
      all.slice(1000, 2000),
    );
  });

  it('filters by time, search, types, exclusions and users', async () => {
    const all = (await h.get<Answer>(`${path()}?limit=10000`)).activities;
    const from = all[99]?.createdAt ?? '';
    expect((await h.get<Answer>(`${path()}?createdFrom=${from}`)).activities.length).toBe(100);
    const to = all[100]?.createdAt ?? '';
    expect((await h.get<Answer>(`${path()}?createdTo=${to}&limit=10000`)).activities.length).toBe(1900);
    const search = (await h.get<Answer>(`${path()}?search=LOAN%20APPROVED&limit=10000`)).activities;
    expect(search.length).toBeGreaterThan(0);
    expect(search.every((a) => `${a.name} ${a.description}`.toLowerCase().includes('loan approved'))).toBe(
      true,
    );
    const hostile = (await h.get<Answer>(`${path()}?search=onerror&limit=10000`)).activities;
    expect(hostile.length).toBeGreaterThan(0);
    const types = (await h.get<Answer>(`${path()}?activityTypes=login,new-loan&limit=10000`)).activities;
    expect(types.every((a) => a.activityType === 'login' || a.activityType === 'new-loan')).toBe(true);
    const excluded = (await h.get<Answer>(`${path()}?excludedActivityTypes=login&limit=10000`)).activities;
    expect(excluded.length).toBe(all.filter((a) => a.activityType !== 'login').length);
    const user = all[0]?.userId ?? '';
    const byUser = (await h.get<Answer>(`${path()}?userIds=${user}&limit=10000`)).activities;
    expect(byUser.length).toBe(all.filter((a) => a.userId === user).length);
    expect(message((await h.req('GET', `${path()}?activityTypes=login,bogus`)).json)).toMatch(
      /^activityTypes/,
    );
    expect(message((await h.req('GET', `${path()}?limit=10001`)).json)).toBe(
      'limit: must be an integer between 1 and 10000',
    );
    expect((await h.req('GET', `/platform/organizations/other/activities`)).status).toBe(403);
  });

  it('answers RFC 4180 CSV with a header row when Accept is text/csv', async () => {
    const res = await h.req('GET', `${path()}?limit=2000`, { headers: { Accept: 'text/csv' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(
      res.text.startsWith(
        'activityId,activityType,createdAt,description,name,organizationId,portfolioId,userId\r\n',
      ),
    ).toBe(true);
    const rows = parse(res.text, { columns: true }) as Record<string, string>[];
    const json = (await h.get<Answer>(`${path()}?limit=2000`)).activities;
    expect(rows).toEqual(json.map((a) => ({ ...a })));
    const tricky = rows.filter((r) => /[",\n]/.test(r.description ?? ''));
    expect(tricky.length).toBeGreaterThan(3);
    // Quotes inside a field are doubled.
    expect(res.text).toContain('""');
    expect(res.text).toMatch(/"[^"]*\n[^"]*"/);
  });
});

describe('crypto addresses', () => {
  type Answer = { cryptoAddresses: CryptoAddress[] };
  it('lists every address type with configurations; default limit 500; filters', async () => {
    const all = (await h.get<Answer>('/platform/crypto-addresses')).cryptoAddresses;
    expect(all.length).toBe(200);
    expect(new Set(all.map((a) => a.addressType))).toEqual(new Set(ADDRESS_TYPES));
    expect(all.every((a) => (a._embedded?.currencyConfigurations.length ?? 0) > 0)).toBe(true);
    expect(new Set(all.map((a) => a.isWhitelist))).toEqual(new Set([true, false]));
    const wl = (await h.get<Answer>('/platform/crypto-addresses?isWhitelist=true')).cryptoAddresses;
    expect(wl.length).toBe(all.filter((a) => a.isWhitelist).length);
    expect((await h.get<Answer>('/platform/crypto-addresses?isWhitelist=false')).cryptoAddresses.length).toBe(
      200,
    );
    const two = all.slice(0, 2);
    expect(
      (
        await h.get<Answer>(
          `/platform/crypto-addresses?cryptoAddressIds=${two.map((a) => a.cryptoAddressId).join(',')}`,
        )
      ).cryptoAddresses,
    ).toEqual(two);
    expect(
      (
        await h.get<Answer>(
          `/platform/crypto-addresses?addresses=${encodeURIComponent(two[0]?.address ?? '')}`,
        )
      ).cryptoAddresses.length,
    ).toBe(1);
    const btc = (await h.get<Answer>('/platform/crypto-addresses?currencies=BTC')).cryptoAddresses;
    expect(btc.length).toBeGreaterThan(0);
    expect(btc.every((a) => a.currency === 'BTC')).toBe(true);
    expect(
      (await h.get<Answer>('/platform/crypto-addresses?mainCurrencies=XRP')).cryptoAddresses.every(
        (a) => a.mainCurrency === 'XRP',
      ),
    ).toBe(true);
    const tagged = (await h.get<Answer>('/platform/crypto-addresses?addressTags=cold')).cryptoAddresses;
    expect(tagged.length).toBeGreaterThan(0);
    expect(tagged.every((a) => a.addressTags?.includes('cold'))).toBe(true);
    const withMemo = all.find((a) => a.memo !== undefined);
    const memo = (
      await h.get<Answer>(`/platform/crypto-addresses?memo=${encodeURIComponent(withMemo?.memo ?? '')}`)
    ).cryptoAddresses;
    expect(memo.map((a) => a.cryptoAddressId)).toContain(withMemo?.cryptoAddressId);
    const sc = (await h.get<Answer>('/platform/crypto-addresses?addressTypes=smart-contract'))
      .cryptoAddresses;
    expect(sc.length).toBe(50);
    expect((await h.get<Answer>('/platform/crypto-addresses?limit=10&offset=20')).cryptoAddresses).toEqual(
      all.slice(20, 30),
    );
    expect(message((await h.req('GET', '/platform/crypto-addresses?addressTypes=eoa')).json)).toMatch(
      /^addressTypes/,
    );
    expect(message((await h.req('GET', '/platform/crypto-addresses?limit=5001')).json)).toMatch(/^limit/);
  });
});
