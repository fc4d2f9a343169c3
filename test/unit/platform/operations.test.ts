import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  getLoan,
  listAccounts,
  listActivities,
  listAgentWallets,
  listClearLoopActions,
  listCryptoAddresses,
  listLoans,
  listPortfolios,
  listWallets,
  testConnection,
} from '../../../src/main/platform';
import { sendJson, type ReceivedRequest } from '../../support/verifying-server';
import { startFixture, type Fixture } from './client-fixture';

let fx: Fixture;
let answer: unknown = {};
let last: ReceivedRequest | undefined;
beforeAll(async () => {
  fx = await startFixture();
});
afterAll(() => fx.server.close());
afterEach(() => {
  fx.server.hits.length = 0;
});
function answerWith(value: unknown) {
  answer = value;
  fx.server.setHandler((req, res) => {
    last = req;
    sendJson(res, 200, answer);
  });
}
const ORG = 'org-1';
const loan = { loanId: 'loan/1', status: 'active' };

describe('reads', () => {
  it('lists agent wallets in every shape the specification allows (issue 18)', async () => {
    const client = fx.client();
    answerWith({ agentWallets: [{ id: 'a' }] });
    const a = await listAgentWallets(client, { portfolioId: 'pf 1' });
    expect(a).toEqual({ ok: true, value: [{ id: 'a' }] });
    expect(last?.url).toBe('/platform/agent-wallets?portfolioId=pf%201');
    answerWith([{ id: 'b' }]);
    expect(await listAgentWallets(client, {})).toEqual({ ok: true, value: [{ id: 'b' }] });
    expect(last?.url).toBe('/platform/agent-wallets');
    answerWith({ data: [{ id: 'c' }, { id: 'd' }] });
    expect(await listAgentWallets(client, {})).toEqual({ ok: true, value: [{ id: 'c' }, { id: 'd' }] });
    // "200: a JSON object with the agent wallet fields": one wallet on its own.
    answerWith({ id: '0xabc', address: '0xabc', status: 'active' });
    expect(await listAgentWallets(client, {})).toEqual({
      ok: true,
      value: [{ id: '0xabc', address: '0xabc', status: 'active' }],
    });
    answerWith({ wallets: [] });
    const bad = await listAgentWallets(client, {});
    expect(!bad.ok && bad.error.code).toBe('bad-response');
    answerWith({ data: 'nope' });
    const worse = await listAgentWallets(client, {});
    expect(!worse.ok && worse.error.code).toBe('bad-response');
  });

  it('lists ClearLoop actions with their pagination', async () => {
    answerWith({
      actions: [{ orderId: 'o' }],
      pagination: { limit: '1', page: '1', pages: '1', totalItems: '1' },
    });
    const r = await listClearLoopActions(fx.client(), {
      portfolioIds: ['p1', 'p2'],
      actionType: 'remove-funds',
      filterExecuted: true,
      sortDirection: 'desc',
      fromTimestamp: '1700000000000',
    });
    expect(r.ok && r.value).toEqual({
      actions: [{ orderId: 'o' }],
      pagination: { limit: '1', page: '1', pages: '1', totalItems: '1' },
    });
    expect(last?.url).toBe(
      '/platform/clearloop/actions?fromTimestamp=1700000000000&portfolioIds=p1,p2&actionType=remove-funds&sortDirection=desc&filterExecuted=true',
    );
    answerWith({ pagination: {} });
    const bad = await listClearLoopActions(fx.client(), {});
    expect(!bad.ok && bad.error.code).toBe('bad-response');
  });

  it('keeps ClearLoop actions whose pagination is missing or not an object (issue 18)', async () => {
    answerWith({ actions: [{ orderId: 'o' }] });
    expect(await listClearLoopActions(fx.client(), {})).toEqual({
      ok: true,
      value: { actions: [{ orderId: 'o' }], pagination: {} },
    });
    answerWith({ actions: [{ orderId: 'o' }], pagination: 'page 1 of 1' });
    const r = await listClearLoopActions(fx.client(), {});
    expect(r.ok && r.value.pagination).toEqual({});
  });

  it('lists activities as JSON', async () => {
    answerWith({ activities: [{ activityId: 'x' }] });
    const r = await listActivities(fx.client(), ORG, {
      activityTypes: ['login', 'new-loan'],
      excludedActivityTypes: ['failed-login'],
      userIds: ['u1'],
      limit: 100,
      offset: 200,
      createdFrom: '1',
    });
    expect(r).toEqual({ ok: true, value: { activities: [{ activityId: 'x' }] } });
    expect(last?.headers.accept).toBe('application/json');
    expect(last?.url).toBe(
      `/platform/organizations/${ORG}/activities?offset=200&limit=100&createdFrom=1&activityTypes=login,new-loan&excludedActivityTypes=failed-login&userIds=u1`,
    );
    answerWith({ activities: 'many' });
    expect((await listActivities(fx.client(), ORG, {})).ok).toBe(false);
  });

  it('lists crypto addresses, accounts, portfolios and wallets', async () => {
    const client = fx.client();
    answerWith({ cryptoAddresses: [{ address: '0x1' }] });
    expect(
      await listCryptoAddresses(client, {
        currencies: ['BTC'],
        isWhitelist: true,
        addressTypes: ['smart-contract'],
      }),
    ).toEqual({
      ok: true,
      value: [{ address: '0x1' }],
    });
    expect(last?.url).toBe(
      '/platform/crypto-addresses?currencies=BTC&isWhitelist=true&addressTypes=smart-contract',
    );
    answerWith({ accounts: [{ accountId: 'a' }] });
    expect(await listAccounts(client)).toEqual({ ok: true, value: [{ accountId: 'a' }] });
    expect(last?.url).toBe('/platform/accounts');
    answerWith({ portfolios: [{ portfolioId: 'p' }] });
    expect(await listPortfolios(client, { portfolioTypes: ['custody', 'trading'], isActive: true })).toEqual({
      ok: true,
      value: [{ portfolioId: 'p' }],
    });
    expect(last?.url).toBe('/platform/portfolios?portfolioTypes=custody,trading&isActive=true');
    answerWith({ wallets: [{ walletId: 'w', balance: '0.000000000000000001' }] });
    const w = await listWallets(client, { currencies: ['ETH'], nonEmpty: true });
    expect(w.ok && w.value[0]?.balance).toBe('0.000000000000000001'); // amounts stay strings
    expect(last?.url).toBe('/platform/wallets?currencies=ETH&nonEmpty=true');
  });

  it('lists loans with every include flag set, and gets one loan', async () => {
    answerWith({ loans: [loan] });
    const r = await listLoans(fx.client(), ORG, {
      statuses: ['active'],
      loanSide: 'lend',
      sortDirection: 'DESC',
      limit: 50,
    });
    expect(r.ok && r.value).toEqual([loan]);
    expect(last?.url).toBe(
      `/platform/organizations/${ORG}/loans?loanSide=lend&statuses=active&includeCollaterals=true&includeCounterparties=true&includeChildLoans=true&includeLoanAllocations=true&includeLoanInterest=true&limit=50&sortBy=updatedAt&sortDirection=DESC`,
    );
    answerWith(loan);
    expect(await getLoan(fx.client(), ORG, 'loan/1')).toEqual({ ok: true, value: loan });
    expect(last?.url).toBe(`/platform/organizations/${ORG}/loans/loan%2F1`);
    answerWith({ nope: true });
    expect((await getLoan(fx.client(), ORG, 'loan/1')).ok).toBe(false);
    expect((await getLoan(fx.client(), ORG, '..')).ok).toBe(false);
  });

  it('tests a connection', async () => {
    answerWith({ portfolios: [{}, {}] });
    const r = await testConnection(fx.client());
    expect(r.ok && r.value.portfolios).toBe(2);
    expect(r.ok && typeof r.value.clockSkewMs).toBe('number');
  });
});
