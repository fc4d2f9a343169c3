/**
 * The loans walk (src/main/platform/loans-walk.ts) against a local verifying server: the query each
 * page sends (filters, the embedded parts a risk reading needs and no others, newest first), the
 * page size, the rows of every page, the request count, the bulk pacing and the refusals. Found
 * unreached by unit tests by mutation testing (only integration suites walked loans).
 */
import { describe, expect, it, vi } from 'vitest';
import { LOANS_PAGE_SIZE, walkLoans } from '../../../src/main/platform/loans-walk';
import { sendJson } from '../../support/verifying-server';
import { useClientFixture } from './client-fixture';

const fx = useClientFixture();

/** Serves `total` loans paged by the query's offset and limit; records each query. */
function serveLoans(total: number) {
  const queries: URLSearchParams[] = [];
  const paths: string[] = [];
  fx.server.setHandler((req, res) => {
    queries.push(req.query);
    paths.push(req.pathname);
    const offset = Number(req.query.get('offset') ?? 0);
    const limit = Number(req.query.get('limit') ?? 0);
    const loans = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => ({
      loanId: `loan-${offset + i}`,
    }));
    sendJson(res, 200, { loans });
  });
  return { queries, paths };
}

describe('walkLoans', () => {
  it('asks 1000 loans a page, with collaterals and counterparties only, newest first', async () => {
    expect(LOANS_PAGE_SIZE).toBe(1000);
    const { queries, paths } = serveLoans(1500);
    const r = await walkLoans(fx.client(), 'org-1', { portfolioId: 'pf-1', statuses: ['active'] });
    expect(r.ok && r.value.items.map((l) => l.loanId)).toEqual(
      Array.from({ length: 1500 }, (_, i) => `loan-${i}`),
    );
    expect(paths[0]).toBe('/platform/organizations/org-1/loans');
    const first = Object.fromEntries(queries[0] as URLSearchParams);
    expect(first).toEqual({
      portfolioId: 'pf-1',
      statuses: 'active',
      offset: '0',
      limit: '1000',
      includeCollaterals: 'true',
      includeCounterparties: 'true',
      includeChildLoans: 'false',
      includeLoanAllocations: 'false',
      includeLoanInterest: 'false',
      sortBy: 'updatedAt',
      sortDirection: 'DESC',
    });
    expect(queries.map((q) => q.get('offset'))).toEqual(['0', '1000', '1500']);
  });

  it('takes a page size, counts each request, and sends them as bulk loans.list reads', async () => {
    const { queries } = serveLoans(25);
    const client = fx.client();
    const request = vi.spyOn(client, 'request');
    let requests = 0;
    const r = await walkLoans(client, 'org-1', {}, { pageSize: 10, onRequest: () => requests++ });
    expect(r.ok && r.value.items).toHaveLength(25);
    expect(queries.map((q) => q.get('limit'))).toEqual(['10', '10', '10', '10']);
    expect(requests).toBe(4);
    expect(request).toHaveBeenCalledTimes(4);
    for (const [opts] of request.mock.calls) {
      expect(opts).toMatchObject({ method: 'GET', pace: 'bulk', operation: 'loans.list' });
    }
    expect(fx.history.list({ workspaceId: 'ws-test' })[0]).toMatchObject({
      operation: 'loans.list',
    });
  });

  it('ends with the refusal of a page, and refuses an answer without a loans list', async () => {
    fx.server.setHandler((_req, res) => sendJson(res, 403, { error: 'forbidden', message: 'no' }));
    const refused = await walkLoans(fx.client(), 'org-1', {});
    expect(!refused.ok && refused.error.code).toBe('forbidden');

    fx.server.setHandler((_req, res) => sendJson(res, 200, { loans: 'none' }));
    const malformed = await walkLoans(fx.client(), 'org-1', {});
    expect(!malformed.ok && malformed.error.code).toBe('bad-response');
  });

  it('refuses an organization id that cannot be a path segment, sending nothing', async () => {
    const before = fx.server.hits.length;
    const r = await walkLoans(fx.client(), '..', {});
    expect(!r.ok && r.error.code).toBe('bad-input');
    expect(fx.server.hits.length).toBe(before);
  });
});
