/**
 * The loans walk (src/main/platform/loans-walk.ts) against a local verifying server: the query each
 * page sends (filters, the embedded parts a risk reading needs and no others, oldest update first), the
 * page size, the rows of every page, the request count, the bulk pacing and the refusals. Found
 * unreached by unit tests by mutation testing (only integration suites walked loans).
 */
import { describe, expect, it, vi } from 'vitest';
import { LOANS_PAGE_SIZE, walkLoans } from '../../../src/main/platform/loans-walk';
import { sendJson } from '../../support/verifying-server';
import { useClientFixture } from '../../support/fixtures/platform-client';

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

interface TestLoan {
  loanId: string;
  updatedAt: string;
}

/** `loan` moved to the newest update time (the end of an ascending list). */
const update = (list: TestLoan[], loanId: string): TestLoan[] => [
  ...list.filter((l) => l.loanId !== loanId),
  { loanId, updatedAt: '9000000000000' },
];

/**
 * Serves `total` loans sorted by `updatedAt` in the direction asked (as the platform does);
 * `change` may update loans before each read (`reads` counts from 1).
 */
function serveMovingLoans(total: number, change: (list: TestLoan[], reads: number) => TestLoan[]) {
  let list: TestLoan[] = Array.from({ length: total }, (_, i) => ({
    loanId: `loan-${i}`,
    updatedAt: String(1_700_000_000_000 + i),
  }));
  const directions: (string | null)[] = [];
  fx.server.setHandler((req, res) => {
    directions.push(req.query.get('sortDirection'));
    list = change(list, directions.length);
    const ordered = req.query.get('sortDirection') === 'ASC' ? list : [...list].reverse();
    const offset = Number(req.query.get('offset') ?? 0);
    const limit = Number(req.query.get('limit') ?? 0);
    sendJson(res, 200, { loans: ordered.slice(offset, offset + limit) });
  });
  return { directions };
}

describe('walkLoans', () => {
  it('asks 1000 loans a page, with collaterals and counterparties only, oldest update first', async () => {
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
      sortDirection: 'ASC',
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

  it('keeps every loan when an unread one is updated during the walk, and says the walk is complete', async () => {
    // Issue 25: newest-first, the updated loan jumped into a page already read and was lost.
    const loans = serveMovingLoans(2_500, (list, reads) => (reads === 2 ? update(list, 'loan-1200') : list));
    const r = await walkLoans(fx.client(), 'org-1', {});
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.items.find((l) => l.loanId === 'loan-1200')?.updatedAt).toBe('9000000000000');
    expect(r.value).toMatchObject({ complete: true, movedRows: 0, duplicatesDropped: 0, mayHaveMissed: 0 });
    expect(loans.directions).toEqual(['ASC', 'ASC', 'ASC', 'ASC']);
  });

  it('a loan already read that is updated comes again, newest kept, counted as moved; the walk is not complete', async () => {
    serveMovingLoans(2_500, (list, reads) => (reads === 2 ? update(list, 'loan-10') : list));
    const r = await walkLoans(fx.client(), 'org-1', {});
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const copies = r.value.items.filter((l) => l.loanId === 'loan-10');
    expect(copies.map((l) => l.updatedAt)).toEqual(['9000000000000']);
    // The loans behind it shifted back by one: one of them was never sent, and the walk says so.
    expect(r.value).toMatchObject({ movedRows: 1, mayHaveMissed: 1, complete: false });
  });

  it('refuses an organization id that cannot be a path segment, sending nothing', async () => {
    const before = fx.server.hits.length;
    const r = await walkLoans(fx.client(), '..', {});
    expect(!r.ok && r.error.code).toBe('bad-input');
    expect(fx.server.hits.length).toBe(before);
  });
});
