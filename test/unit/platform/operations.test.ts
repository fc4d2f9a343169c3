import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  estimateLoanLtv,
  getLoan,
  listAccounts,
  listActivities,
  listAgentWallets,
  listClearLoopActions,
  listCryptoAddresses,
  listLoans,
  listPortfolios,
  listWallets,
  ltvDryRun,
  pageOf,
  path,
  readAgentWallets,
  testConnection,
} from '../../../src/main/platform';
import { estimateLtvRequest, ltvDryRunRequest, readUrl } from '../../../src/shared/ltv-reads';
import { sendJson, type ReceivedRequest } from '../../support/verifying-server';
import { startFixture, type Fixture } from '../../support/fixtures/platform-client';

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
    answerWith({ wallets: [], data: [] });
    const bad = await listAgentWallets(client, {});
    expect(!bad.ok && bad.error.code).toBe('bad-response');
    expect(!bad.ok && bad.error.message).toContain('more than one list ("wallets", "data")');
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
      nullRows: 0,
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
      value: { actions: [{ orderId: 'o' }], pagination: {}, nullRows: 0 },
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

describe('single answers and pages that hold nulls, or come from elsewhere (issue 25.7, 25.8)', () => {
  it('reads agent wallets under any single key holding a list, and says which key', async () => {
    answerWith({ wallets: [{ id: 'w1' }, null], count: '2' });
    expect(await readAgentWallets(fx.client(), {})).toEqual({
      ok: true,
      value: { agentWallets: [{ id: 'w1' }], readFrom: 'wallets', nullRows: 1 },
    });
    answerWith([{ id: 'w2' }]);
    const bare = await readAgentWallets(fx.client(), {});
    expect(bare.ok && bare.value.readFrom).toBeNull();
    expect(await listAgentWallets(fx.client(), {})).toEqual({ ok: true, value: [{ id: 'w2' }] });
  });

  it('a page says "unknown" when it is shorter than asked, true when full, false only when empty', () => {
    expect(pageOf([{ a: 1 }, { a: 2 }], 2)).toEqual({
      items: [{ a: 1 }, { a: 2 }],
      mayHaveMore: true,
      nullRows: 0,
    });
    expect(pageOf([{ a: 1 }], 1000).mayHaveMore).toBe('unknown');
    expect(pageOf([], 1000)).toEqual({ items: [], mayHaveMore: false, nullRows: 0 });
    // Null rows count toward a full page (the platform sent them) but are not passed on.
    expect(pageOf([null, { a: 1 }, 7], 3)).toEqual({ items: [{ a: 1 }], mayHaveMore: true, nullRows: 2 });
  });

  it('drops and counts null rows of a ClearLoop page; drops them from portfolios, wallets and accounts', async () => {
    answerWith({ actions: [null, { orderId: 'o' }, null] });
    const r = await listClearLoopActions(fx.client(), {});
    expect(r.ok && r.value).toEqual({ actions: [{ orderId: 'o' }], pagination: {}, nullRows: 2 });
    answerWith({
      portfolios: [null, { portfolioId: 'p' }],
      wallets: [{ walletId: 'w' }, null],
      accounts: [null],
    });
    expect(await listPortfolios(fx.client(), {})).toEqual({ ok: true, value: [{ portfolioId: 'p' }] });
    expect(await listWallets(fx.client(), {})).toEqual({ ok: true, value: [{ walletId: 'w' }] });
    expect(await listAccounts(fx.client())).toEqual({ ok: true, value: [] });
  });

  it('keeps null rows in the lists the walks page through: they count them to tell a full page', async () => {
    answerWith({ activities: [null, { activityId: 'x' }], cryptoAddresses: [null] });
    const a = await listActivities(fx.client(), ORG, {});
    expect(a.ok && a.value.activities).toHaveLength(2);
    const c = await listCryptoAddresses(fx.client(), {});
    expect(c.ok && c.value).toEqual([null]);
  });

  it('a loan whose nested objects are null is read without throwing', async () => {
    const nulls = {
      loanId: 'L1',
      status: 'active',
      extra: null,
      embedded: null,
      collaterals: [null],
      counterparties: null,
      loanAllocations: [null, { loanAllocationId: 'a' }],
    };
    answerWith(nulls);
    expect(await getLoan(fx.client(), ORG, 'L1')).toEqual({ ok: true, value: nulls });
    answerWith({ loans: [nulls, null] });
    const page = await listLoans(fx.client(), ORG, { limit: 5 });
    expect(page.ok && pageOf(page.value, 5)).toEqual({ items: [nulls], mayHaveMore: 'unknown', nullRows: 1 });
  });

  it('a JSON number where the platform promises a string arrives with its digits', async () => {
    fx.server.setHandler((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"loanId":"L1","amount":1234567.123456789012345678}');
    });
    expect(await getLoan(fx.client(), ORG, 'L1')).toEqual({
      ok: true,
      value: { loanId: 'L1', amount: { jsonNumber: '1234567.123456789012345678' } },
    });
  });
});

describe('the LTV reads: PATCHes that change nothing (src/shared/ltv-reads.ts)', () => {
  const input = { loanId: "loan é/1 O'Brien", amount: '12.5', includeInterest: false };

  it('send exactly the request the renderer previews, once, and answer it with the request as sent', async () => {
    answerWith(loan);
    const client = fx.client();
    const res = await estimateLoanLtv(client, ORG, input);
    const preview = estimateLtvRequest(ORG, input);
    expect(preview.ok && res.ok).toBe(true);
    if (!preview.ok || !res.ok) return;
    expect(fx.server.hits).toHaveLength(1);
    const hit = fx.server.hits[0]!;
    expect(hit.signatureValid).toBe(true);
    expect(hit.method).toBe('PATCH');
    expect(hit.url).toBe(`/platform${preview.value.path}`);
    expect(hit.headers['content-type']).toBe('application/vnd.estimate-loan-ltv+json');
    expect(hit.body).toBe('{"amount":"12.5","includeInterest":false}');
    expect(res.value.sent).toEqual({
      method: 'PATCH',
      url: readUrl(`${fx.server.baseUrl}/`, preview.value.path),
      contentType: 'application/vnd.estimate-loan-ltv+json',
      body: hit.body,
    });
    expect(res.value.sent.url).toBe(client.urlOf(preview.value.path));
    expect(res.value.answer).toEqual(loan);

    const body = { loanAmount: '1000', collaterals: [{ amount: '1', currency: 'BTC' }] };
    answerWith({ ltv: '0.5' });
    const dry = await ltvDryRun(client, ORG, { body });
    expect(dry.ok && dry.value.answer).toEqual({ ltv: '0.5' });
    const dryHit = fx.server.hits[1]!;
    expect([dryHit.method, dryHit.pathname, dryHit.headers['content-type'], dryHit.body]).toEqual([
      'PATCH',
      `/platform/organizations/${ORG}/loans`,
      'application/vnd.calculate-ltv-dry-run+json',
      JSON.stringify(body),
    ]);
  });

  it('encode the path as every other call does, and refuse a segment that would change the resource', () => {
    for (const id of ["loan é/1 O'Brien", 'a(b)*!c', '%2E', 'x?y#z'])
      expect(estimateLtvRequest('org 1', { loanId: id })).toEqual({
        ok: true,
        value: expect.objectContaining({ path: path`/organizations/${'org 1'}/loans/${id}` }),
      });
    for (const id of ['.', '..'])
      expect(estimateLtvRequest(ORG, { loanId: id })).toMatchObject({
        ok: false,
        error: { code: 'bad-input' },
      });
    expect(ltvDryRunRequest('..', { body: {} }).ok).toBe(false);
  });

  it('are not repeated on a 429 or a 5xx: the failure is answered after one request', async () => {
    for (const status of [429, 503]) {
      fx.server.hits.length = 0;
      fx.server.setHandler((_req, res) => sendJson(res, status, { error: 'nope', message: 'no' }));
      const res = await estimateLoanLtv(fx.client(), ORG, input);
      expect(res.ok).toBe(false);
      expect(fx.server.hits.filter((h) => h.method === 'PATCH')).toHaveLength(1);
    }
  });
});
