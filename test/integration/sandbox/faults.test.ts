/**
 * Issue 11's fault control and the request log: an operation that takes effect and then loses,
 * delays or replaces its answer; one that fails before taking effect; and a count of what reached
 * the sandbox.
 */
import { describe, expect, it } from 'vitest';
import type { Loan } from '../../../src/shared/platform/resources';
import { rawRequest } from '../../support/sandbox-http';
import { useHarness } from './harness';

const h = useHarness({}, { reset: true, clearRequests: true });

const APPROVE = 'application/vnd.approve-loan+json';
const loansPath = (): string => `/platform/organizations/${h.org}/loans`;
async function loanByExternalId(name: string): Promise<Loan> {
  const loans = (await h.get<{ loans: Loan[] }>(`${loansPath()}?limit=1000`)).loans;
  const loan = loans.find((l) => l.externalId === name);
  if (loan === undefined) throw new Error(`no fixture ${name}`);
  return loan;
}
const approve = (loanId: string) =>
  h.req('PATCH', `${loansPath()}/${loanId}`, { headers: { 'Content-Type': APPROVE } });
const addFault = (fault: Record<string, unknown>) => h.control('POST', '/faults', fault);
const statusOf = async (loanId: string) => (await h.get<Loan>(`${loansPath()}/${loanId}`)).status;
interface Logged {
  method: string;
  path: string;
  contentType: string | null;
  status: number | null;
  at: string;
}
const requests = async (query = '') =>
  (await h.control('GET', `/requests${query}`)).json as { count: number; requests: Logged[] };

describe('sandbox faults', () => {
  it('drop-after-commit: the loan is approved, the connection closes with no answer', async () => {
    const loan = await loanByExternalId('sandbox-approve-lend-1');
    const added = await addFault({
      method: 'PATCH',
      pathPrefix: '/organizations/',
      mode: 'drop-after-commit',
    });
    expect(added.status).toBe(201);
    await expect(approve(loan.loanId)).rejects.toThrow(/socket hang up|ECONNRESET/);
    expect(await statusOf(loan.loanId)).toBe('awaiting-collateral');
    const log = await requests('?method=PATCH&pathPrefix=/organizations/');
    expect(log.count).toBe(1);
    expect(log.requests[0]).toMatchObject({
      method: 'PATCH',
      path: `/organizations/${h.org}/loans/${loan.loanId}`,
      contentType: APPROVE,
      status: null,
    });
    // times defaults to 1: the fault is spent.
    expect(((await h.control('GET', '/faults')).json as { faults: unknown[] }).faults).toEqual([]);
  });

  it('delay-after-commit: the change is visible before the answer arrives', async () => {
    const loan = await loanByExternalId('sandbox-approve-lend-2');
    await addFault({
      method: 'PATCH',
      pathPrefix: '/organizations/',
      mode: 'delay-after-commit',
      delayMs: 3000,
    });
    let answered = false;
    const pending = approve(loan.loanId).then((res) => {
      answered = true;
      return res;
    });
    let seen = '';
    for (let i = 0; i < 200 && seen !== 'disbursing'; i++) seen = await statusOf(loan.loanId);
    expect(seen).toBe('disbursing');
    expect(answered).toBe(false);
    expect((await pending).status).toBe(200);
  });

  it('500-after-commit answers 500 with the envelope, and the change happened', async () => {
    const loan = await loanByExternalId('sandbox-approve-lend-1');
    await addFault({ method: 'PATCH', pathPrefix: '/organizations/', mode: '500-after-commit' });
    const res = await approve(loan.loanId);
    expect(res.status).toBe(500);
    expect((res.json as { error: string }).error).toBe('internal');
    expect(await statusOf(loan.loanId)).toBe('awaiting-collateral');
    expect((await requests('?method=PATCH')).requests[0]?.status).toBe(500);
  });

  it('500-before-commit answers 500 and changes nothing', async () => {
    const loan = await loanByExternalId('sandbox-approve-lend-1');
    await addFault({ method: 'PATCH', pathPrefix: '/organizations/', mode: '500-before-commit' });
    const res = await approve(loan.loanId);
    expect(res.status).toBe(500);
    expect(await statusOf(loan.loanId)).toBe('awaiting-approval');
    expect((await approve(loan.loanId)).status).toBe(200);
  });

  it('counts down times, and matches only signed requests with the method and path prefix', async () => {
    const loan = await loanByExternalId('sandbox-approve-lend-1');
    await addFault({ method: 'GET', pathPrefix: '/wallets', mode: '500-before-commit', times: 2 });
    // Unsigned, other method, other path: not faulted, not counted down.
    expect((await rawRequest(h.target.origin, 'GET', '/platform/wallets')).status).toBe(401);
    expect((await h.req('GET', '/platform/portfolios')).status).toBe(200);
    expect((await approve(loan.loanId)).status).toBe(200);
    const faults = (await h.control('GET', '/faults')).json as { faults: { timesLeft: number }[] };
    expect(faults.faults[0]?.timesLeft).toBe(2);
    expect((await h.req('GET', '/platform/wallets?limit=1')).status).toBe(500);
    expect((await h.req('GET', '/platform/wallets?limit=2')).status).toBe(500);
    expect((await h.req('GET', '/platform/wallets?limit=3')).status).toBe(200);
  });

  it('DELETE /faults and /sandbox/reset clear the faults', async () => {
    await addFault({ method: 'GET', pathPrefix: '/', mode: '500-before-commit', times: 5 });
    expect((await h.control('DELETE', '/faults')).json).toEqual({ deleted: 1 });
    expect((await h.req('GET', '/platform/portfolios')).status).toBe(200);
    await addFault({ method: 'GET', pathPrefix: '/', mode: '500-before-commit', times: 5 });
    await h.control('POST', '/reset');
    expect((await h.req('GET', '/platform/portfolios')).status).toBe(200);
  });

  it.each([
    [{}, /method/],
    [{ method: 'patch', pathPrefix: '/', mode: 'drop-after-commit' }, /method: must be one of/],
    [{ method: 'PATCH', pathPrefix: 'organizations', mode: 'drop-after-commit' }, /pathPrefix/],
    [
      { method: 'PATCH', pathPrefix: '/platform/organizations/', mode: 'drop-after-commit' },
      /relative to \/platform/,
    ],
    [{ method: 'PATCH', pathPrefix: '/', mode: 'explode' }, /mode: must be one of/],
    [{ method: 'PATCH', pathPrefix: '/', mode: 'delay-after-commit' }, /delayMs/],
    [{ method: 'PATCH', pathPrefix: '/', mode: 'delay-after-commit', delayMs: 1.5 }, /delayMs/],
    [{ method: 'PATCH', pathPrefix: '/', mode: 'drop-after-commit', delayMs: 10 }, /delayMs: applies only/],
    [{ method: 'PATCH', pathPrefix: '/', mode: 'drop-after-commit', times: 0 }, /times/],
    [{ method: 'PATCH', pathPrefix: '/', mode: 'drop-after-commit', time: 1 }, /unknown field\(s\) "time"/],
  ])('refuses the fault %j with a 400 that says what to fix', async (body, message) => {
    const res = await addFault(body);
    expect(res.status).toBe(400);
    expect((res.json as { message: string }).message).toMatch(message);
    expect(((await h.control('GET', '/faults')).json as { faults: unknown[] }).faults).toEqual([]);
  });
});

describe('sandbox request log', () => {
  it('records every platform request that arrived, whatever its answer, newest last', async () => {
    await rawRequest(h.target.origin, 'GET', '/platform/wallets');
    await h.req('GET', '/platform/portfolios?limit=1');
    await h.req('POST', '/platform/exchange', { body: '{"nonce":1}' });
    await h.control('GET', '/info');
    const all = await requests();
    expect(all.count).toBe(3);
    expect(all.requests.map((r) => [r.method, r.path, r.status])).toEqual([
      ['GET', '/wallets', 401],
      ['GET', '/portfolios', 200],
      ['POST', '/exchange', 400],
    ]);
    expect(all.requests[2]?.contentType).toBe('application/json');
    expect(all.requests.every((r) => /^\d{13}$/.test(r.at))).toBe(true);
    expect((await requests('?method=POST')).count).toBe(1);
    expect((await requests('?pathPrefix=/port')).count).toBe(1);
    expect((await h.control('DELETE', '/requests')).json).toEqual({ deleted: 3 });
    expect((await requests()).count).toBe(0);
  });

  it('refuses a bad filter', async () => {
    expect((await h.control('GET', '/requests?method=get')).status).toBe(400);
    expect((await h.control('GET', '/requests?pathPrefix=x')).status).toBe(400);
    expect((await h.control('GET', '/requests?limit=1')).status).toBe(400);
  });
});
