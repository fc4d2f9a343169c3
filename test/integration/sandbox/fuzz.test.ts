/**
 * Fuzz: thousands of deterministic random requests (paths, queries, headers, bodies, media types,
 * signed and unsigned). Every answer must be a well-formed JSON envelope with a 4xx status, or a
 * 200 for the valid ones; never a 500, never a hang.
 */
import { describe, expect, it } from 'vitest';
import { rawRequest, signed, type RawResponse } from '../../support/sandbox-http';
import { platformHeaders } from '../../support/sandbox-signing';
import { QUERY_NAMES } from '../../../src/shared/platform/query-names';
import { newKey, useHarness } from './harness';
import { prng } from '../../support/prng';

const REQUESTS = 3200;
const OWN_PARAMS: readonly [RegExp, readonly string[]][] = [
  [/\/portfolios$/, QUERY_NAMES.portfolios],
  [/\/wallets$/, QUERY_NAMES.wallets],
  [/\/agent-wallets$/, QUERY_NAMES.agentWallets],
  [/\/clearloop\/actions$/, QUERY_NAMES.clearLoopActions],
  [/\/crypto-addresses$/, QUERY_NAMES.cryptoAddresses],
  [/\/loans$/, QUERY_NAMES.loans],
  [/\/activities$/, QUERY_NAMES.activities],
  [/\/(accounts|exchange|loans\/[^/]+)$/, []],
];
const PARALLEL = 16;

const h = useHarness({ seed: 99 });

describe('fuzz', () => {
  it(`answers ${REQUESTS} random requests with envelopes, never 500, never a hang`, async () => {
    const r = prng(20240601);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
    const info = await h.info();
    // Broken authentications use their own key, so its lockout leaves the signed traffic going.
    const victim = await newKey(h);
    const loanIds = (
      await h.get<{ loans: { loanId: string }[] }>(`/platform/organizations/${h.org}/loans?limit=1000`)
    ).loans.map((l) => l.loanId);
    const portfolioIds = info.organizations[0]?.portfolios.map((p) => p.portfolioId) ?? [];
    const orgs = [h.org, h.org, h.org, 'x', info.organizations[1]?.organizationId ?? 'y', '%00', '..'];
    const paths = [
      () => '/platform/portfolios',
      () => '/platform/wallets',
      () => '/platform/accounts',
      () => '/platform/agent-wallets',
      () => '/platform/exchange',
      () => '/platform/clearloop/actions',
      () => '/platform/crypto-addresses',
      () => `/platform/organizations/${pick(orgs)}/loans`,
      () =>
        `/platform/organizations/${pick(orgs)}/loans/${pick([...loanIds.slice(0, 20), 'nope', '%E0%A4%A', '%2F'])}`,
      () => `/platform/organizations/${pick(orgs)}/activities`,
      () =>
        pick([
          '/',
          '/platform',
          '/platform/',
          '/sandbox',
          '/sandbox/info',
          '/sandbox/reset',
          '/platform//wallets',
          '/platform/wallets/',
          '/x',
          '/platform/%ZZ',
          '/sandbox/clock/advance',
          '/sandbox/keys',
        ]),
    ];
    const params = [
      'limit',
      'offset',
      'portfolioId',
      'portfolioIds',
      'currencies',
      'isActive',
      'isWhitelist',
      'statuses',
      'loanSide',
      'loanTypes',
      'sortDirection',
      'sortBy',
      'filterExecuted',
      'actionType',
      'fromTimestamp',
      'createdFrom',
      'search',
      'activityTypes',
      'addressTypes',
      'memo',
      'nonEmpty',
      'isOpen',
      'includeCollaterals',
      'userIds',
      'portfolioTypes',
    ];
    const values = [
      '',
      '0',
      '1',
      '-1',
      '10',
      '1000',
      '1001',
      '99999999999999999999',
      'true',
      'false',
      'TRUE',
      'asc',
      'desc',
      'ASC',
      'lend',
      'borrow',
      'active',
      'login',
      'add-funds',
      'smart-contract',
      'custody',
      'a,b',
      ',,,',
      '%25',
      '%ZZ',
      'x%00y',
      'updatedAt',
      '1.5',
      'NaN',
      '%E2%9C%93',
      pick(portfolioIds),
    ];
    const medias = [
      'application/json',
      'application/vnd.approve-loan+json',
      'application/vnd.estimate-loan-ltv+json',
      'application/vnd.cancel-interest-payment+json',
      'application/vnd.accept-loan-repayment+json',
      'application/vnd.confirm-external-disbursement+json',
      'application/vnd.calculate-ltv-dry-run+json',
      'text/plain',
      'application/json; charset=utf-8',
      '',
    ];
    const jsonValues: (() => unknown)[] = [
      () => null,
      () => true,
      () => 0,
      () => -1,
      () => 1e308,
      () => 'x',
      () => '',
      () => '1.5',
      () => '-0',
      () => [],
      () => {},
      () => ({
        type: 'order',
        orders: [{ a: 0, b: true, p: '1', s: '1', r: false, t: { limit: { tif: 'Gtc' } } }],
        grouping: 'na',
      }),
      () => ({
        type: pick([
          'cancel',
          'modify',
          'batchModify',
          'updateLeverage',
          'usdClassTransfer',
          'scheduleCancel',
          'cancelByCloid',
          'x',
        ]),
      }),
      () => [{ amount: '1', currency: 'BTC' }],
      () => [{ amount: 'x' }],
      () => pick(loanIds),
      () => pick(portfolioIds),
      () => Date.now(),
    ];
    const keys = [
      'portfolioId',
      'action',
      'nonce',
      'vaultAddress',
      'loanAllocationId',
      'amount',
      'collaterals',
      'loanAmount',
      'loanCurrency',
      'targetLtv',
      'effectiveDate',
      'includeInterest',
      'ms',
      'organizationId',
      '__proto__',
      'constructor',
    ];
    const body = (): string => {
      const kind = r();
      if (kind < 0.1) return '';
      if (kind < 0.2)
        return pick([
          '{',
          '[1,2',
          '"x"',
          'null',
          '{}}',
          '\u0000',
          '{"a":' + '['.repeat(5000),
          '{"a":1}'.repeat(3),
          'ü',
        ]);
      const o: Record<string, unknown> = {};
      const n = Math.floor(r() * 5);
      for (let i = 0; i < n; i++) o[pick(keys)] = pick(jsonValues)();
      return JSON.stringify(o);
    };

    const statuses = new Map<number, number>();
    const failures: string[] = [];
    let next = 0;
    const one = async (): Promise<void> => {
      const path = pick(paths)();
      const q: string[] = [];
      const nq = Math.floor(r() * 4);
      // Mostly the operation's own names (any other name is a 400 before the handler runs).
      const own = OWN_PARAMS.find(([re]) => re.test(path))?.[1] ?? params;
      for (let i = 0; i < nq; i++) {
        const names = r() < 0.9 ? own : params;
        if (names.length > 0) q.push(`${pick(names)}=${pick(values)}`);
      }
      const target = q.length > 0 ? `${path}?${q.join('&')}` : path;
      const method = pick(['GET', 'GET', 'GET', 'POST', 'PATCH', 'PATCH', 'DELETE', 'PUT']);
      const b = method === 'GET' && r() < 0.8 ? '' : body();
      const signedOk = r() < 0.85;
      let headers: Record<string, string> = signedOk
        ? platformHeaders(h.target.apiKey, h.target.apiSecret, method, target, b)
        : {};
      if (!signedOk && r() < 0.5)
        headers = {
          Authorization: pick(['ApiKey', 'Bearer x', `ApiKey ${victim.apiKey}`, 'ApiKey  a b']),
          'X-Timestamp': pick(['', 'x', '1', String(Date.now())]),
          'X-Signature': pick(['', '00', 'zz'.repeat(32)]),
        };
      const media = pick(medias);
      if (media !== '') headers['Content-Type'] = media;
      if (r() < 0.2) headers.Accept = pick(['text/csv', 'application/json', '*/*', 'text/html']);
      let res: RawResponse;
      try {
        res = await rawRequest(h.target.origin, method, target, headers, b, 8000);
      } catch (err) {
        failures.push(`${method} ${target}: ${String(err)}`);
        return;
      }
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const isCsv = String(res.headers['content-type']).startsWith('text/csv');
      const env = res.json as { error?: unknown; message?: unknown } | undefined;
      const wellFormed =
        res.status === 200 || res.status === 201
          ? isCsv || res.json !== undefined
          : res.status >= 400 &&
            res.status < 500 &&
            typeof env?.error === 'string' &&
            typeof env.message === 'string';
      if (!wellFormed)
        failures.push(`${method} ${target} ${b.slice(0, 80)} → ${res.status} ${res.text.slice(0, 120)}`);
    };
    const worker = async (): Promise<void> => {
      while (next < REQUESTS) {
        next++;
        await one();
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    expect(failures).toEqual([]);
    expect(statuses.has(500)).toBe(false);
    expect(statuses.get(200) ?? 0).toBeGreaterThan(100);
    // Every refusal class shows up, so the fuzz reaches past authentication and routing.
    for (const status of [400, 401, 403, 404, 405])
      expect(statuses.get(status) ?? 0, `status ${status}`).toBeGreaterThan(20);
    expect(statuses.get(200) ?? 0).toBeGreaterThan(300);
    expect(statuses.get(429) ?? 0, 'the victim key is locked out').toBeGreaterThan(0);
    // The sandbox still serves normally afterwards.
    expect((await signed(h.target, 'GET', '/platform/portfolios')).status).toBe(200);
  }, 60_000);
});
