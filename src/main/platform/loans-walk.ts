/**
 * Every loan matching some filters, for the risk watch and the loans tab's search: the one paging
 * walk (paging.ts) over `GET /organizations/{org}/loans`, 1,000 per page, `sortBy=updatedAt`
 * ascending (platform-facts: `sortDirection` `ASC`/`DESC`).
 *
 * Why ascending (issue 25): offset paging over newest-first moved a loan updated during the walk
 * into a page already read, and every later loan shifted by one: a loan was lost without a word.
 * Oldest-first, an update moves the loan forward into pages not yet read. A loan already read that
 * is updated still comes again at the end: the walk keeps the newer copy (`versionOf`, the
 * `updatedAt`), counts it as moved and reports `complete: false`, because the loans behind its old
 * place shifted back by one and one of them may not have been sent.
 *
 * These walks are background work, so every page is sent with
 * `pace: 'bulk'` (the lockout guard keeps interactive headroom), and they ask only for the embedded
 * parts a risk reading uses (collaterals for totals and the top-up, counterparties for names): the
 * allocations, interest and child loans would multiply the bytes of 10,000 loans for nothing.
 */
import type { AllRows, ProgressEvent } from '../../shared/contract';
import { PAGE_LIMITS } from '../../shared/platform/page-limits';
import type { Loan } from '../../shared/platform/resources';
import type { Result } from '../../shared/result';
import type { PlatformClient } from './client';
import type { LoansParams } from './operations';
import { idField, walkPages, type WalkOptions } from './paging';
import { negotiatePageSize } from './page-size-negotiation';
import { QUERY_NAMES, buildQuery, path, safePath } from './query';
import { arrayField, listOf } from './shape';

/** One page request covers this many loans: the largest page the platform serves (PAGE_LIMITS). */
export const LOANS_PAGE_SIZE = PAGE_LIMITS.loans.max;

export interface LoansWalkOptions {
  jobId?: string;
  signal?: AbortSignal;
  onProgress?: (event: ProgressEvent) => void;
  /** Counts every request sent, for the watch's cost figure. */
  onRequest?: () => void;
  pageSize?: number;
  /** Takes each page's kept loans as it arrives (paging.ts `onPage`). */
  onPage?: WalkOptions<Loan>['onPage'];
}

export async function walkLoans(
  client: PlatformClient,
  organizationId: string,
  filters: Omit<LoansParams, 'limit' | 'offset' | 'sortBy' | 'sortDirection'>,
  options: LoansWalkOptions = {},
): Promise<Result<AllRows<Loan>>> {
  const p = safePath(() => path`/organizations/${organizationId}/loans`);
  if (!p.ok) return p;
  // Negotiated like every walk (page-size-negotiation.ts); the contract allows 1,000 loans.
  const tuner = await negotiatePageSize(client, 'loans', options.pageSize);
  return walkPages<Loan>({
    ...options,
    pageSize: tuner.size,
    tuner,
    idOf: idField<Loan>('loanId'),
    versionOf: idField<Loan>('updatedAt'),
    fetchPage: async ({ offset, limit, signal }) => {
      options.onRequest?.();
      const query = buildQuery(
        {
          ...filters,
          offset,
          limit,
          includeCollaterals: true,
          includeCounterparties: true,
          includeChildLoans: false,
          includeLoanAllocations: false,
          includeLoanInterest: false,
          sortBy: 'updatedAt',
          sortDirection: 'ASC',
        },
        QUERY_NAMES.loans,
      );
      const answer = await client.request<unknown>({
        method: 'GET',
        path: p.value,
        query,
        expect: arrayField('loans'),
        signal,
        pace: 'bulk',
        operation: 'loans.list',
      });
      return answer.ok ? { ok: true, value: { items: listOf<Loan>(answer.value, 'loans') } } : answer;
    },
  });
}
