/**
 * Typed reads of the platform: one function per GET operation of the specification and
 * platform-facts. Each builds its path and query from typed parameters and checks the answer's
 * envelope cheaply; amounts and timestamps stay strings.
 *
 * Parameter types come from the contract's schemas (minus `workspaceId`, which selects the client).
 */
import type { z } from 'zod';
import type {
  activitiesQuery,
  clearLoopQuery,
  cryptoAddressesQuery,
  loansQuery,
  portfoliosQuery,
  walletsQuery,
} from '../../shared/contract';
import type {
  Account,
  Activity,
  AgentWallet,
  ClearLoopAction,
  CryptoAddress,
  Loan,
  Pagination,
  Portfolio,
  Wallet,
} from '../../shared/platform/resources';
import type { AgentWalletsRead, Page } from '../../shared/contract-views';
import {
  estimateLtvRequest,
  ltvDryRunRequest,
  type EstimateLtvInput,
  type LtvDryRunInput,
  type LtvRead,
  type ReadRequest,
} from '../../shared/ltv-reads';
import type { Result } from '../../shared/result';
import type { PlatformClient, StreamAnswer } from './client';
import { QUERY_NAMES, buildQuery, path, safePath, type QueryParams } from './query';
import {
  agentWalletsAnswer,
  agentWalletsOf,
  arrayField,
  clearLoopAnswer,
  jsonObject,
  listOf,
  loanObject,
  paginationOf,
  withoutNullRows,
  type Expect,
} from './shape';

type Params<S extends z.ZodType> = Omit<z.infer<S>, 'workspaceId'>;
export type ActivitiesParams = Params<typeof activitiesQuery>;
export type ClearLoopParams = Params<typeof clearLoopQuery>;
export type CryptoAddressesParams = Params<typeof cryptoAddressesQuery>;
export type PortfoliosParams = Params<typeof portfoliosQuery> & { organizationId?: string };
export type WalletsParams = Params<typeof walletsQuery>;
export type LoansParams = Params<typeof loansQuery>;

export interface CallOptions {
  signal?: AbortSignal;
  /** 'bulk' for the pages of a long job (walks, exports): paced by the lockout guard. */
  pace?: 'interactive' | 'bulk';
}

/** What every operation passes to the client: cancel, pacing, and its name for the request history. */
const via = (opts: CallOptions, operation: string) => ({
  signal: opts.signal,
  operation,
  ...(opts.pace !== undefined ? { pace: opts.pace } : {}),
});

/** A GET of one operation (named for the request history), with what its answer must look like. */
function get<T>(
  client: PlatformClient,
  opts: CallOptions,
  { operation, ...request }: { operation: string; path: string; query?: string; expect: Expect },
): Promise<Result<T>> {
  return client.request<T>({ method: 'GET', ...request, ...via(opts, operation) });
}

/** Maps a Result's value, keeping failures as they are. */
function map<A, B>(result: Result<A>, f: (value: A) => B): Result<B> {
  return result.ok ? { ok: true, value: f(result.value) } : result;
}

/**
 * One page of a list as the contract's `Page`, for the single-page calls (`loans.list`,
 * `activities.list`, `cryptoAddresses.list`). A full page (as many rows as asked, `null` rows
 * included) may have more behind it. A shorter one is no proof of the end: the specification
 * states no page maximum, so a platform that caps pages below the limit asked for sends one just
 * as short; only an empty page says there is nothing more. `null` rows are dropped and counted.
 */
export function pageOf<T>(rows: readonly unknown[], requestedLimit: number): Page<T> & { nullRows: number } {
  const kept = withoutNullRows<T>(rows);
  const mayHaveMore = rows.length >= requestedLimit ? true : rows.length === 0 ? false : 'unknown';
  return { items: kept.rows, mayHaveMore, nullRows: kept.nullRows };
}

/** Agent wallets as read: the rows, the key that held them (null: the answer itself), null rows dropped. */

export async function readAgentWallets(
  client: PlatformClient,
  params: { portfolioId?: string },
  opts: CallOptions = {},
): Promise<Result<AgentWalletsRead>> {
  const result = await get<unknown>(client, opts, {
    operation: 'agentWallets.list',
    path: '/agent-wallets',
    query: buildQuery(params, QUERY_NAMES.agentWallets),
    expect: agentWalletsAnswer,
  });
  return map(result, (value) => {
    const { rows, readFrom } = agentWalletsOf<unknown>(value);
    const kept = withoutNullRows<AgentWallet>(rows);
    return { agentWallets: kept.rows, readFrom, nullRows: kept.nullRows };
  });
}

/** The agent wallets alone, for the contract's `agentWallets.list` (null rows dropped). */
export async function listAgentWallets(
  client: PlatformClient,
  params: { portfolioId?: string },
  opts: CallOptions = {},
): Promise<Result<AgentWallet[]>> {
  return map(await readAgentWallets(client, params, opts), (read) => read.agentWallets);
}

/**
 * One page of ClearLoop actions. `null` rows are dropped and counted in `nullRows`: a pager that
 * decides "the page was full" must count them with the rows (`actions.length + nullRows`).
 */
export async function listClearLoopActions(
  client: PlatformClient,
  params: ClearLoopParams,
  opts: CallOptions = {},
): Promise<Result<{ actions: ClearLoopAction[]; pagination: Pagination; nullRows: number }>> {
  const result = await get<{ actions: unknown[] }>(client, opts, {
    operation: 'clearloop.list',
    path: '/clearloop/actions',
    query: buildQuery(params, QUERY_NAMES.clearLoopActions),
    expect: clearLoopAnswer,
  });
  return map(result, (value) => {
    const kept = withoutNullRows<ClearLoopAction>(value.actions);
    return { actions: kept.rows, pagination: paginationOf(value) as Pagination, nullRows: kept.nullRows };
  });
}

/** `GET /organizations/{organizationId}/activities`: the same path and query as JSON or as CSV. */
function activitiesTarget(
  organizationId: string,
  params: ActivitiesParams,
): Result<{ path: string; query: string }> {
  const p = safePath(() => path`/organizations/${organizationId}/activities`);
  return p.ok ? { ok: true, value: { path: p.value, query: buildQuery(params, QUERY_NAMES.activities) } } : p;
}

export async function listActivities(
  client: PlatformClient,
  organizationId: string,
  params: ActivitiesParams,
  opts: CallOptions = {},
): Promise<Result<{ activities: Activity[] }>> {
  const target = activitiesTarget(organizationId, params);
  if (!target.ok) return target;
  return get(client, opts, {
    operation: 'activities.list',
    ...target.value,
    expect: arrayField('activities'),
  });
}

/** The same operation with `Accept: text/csv`; the body is streamed to the exporter. */
export async function activitiesCsv(
  client: PlatformClient,
  organizationId: string,
  params: ActivitiesParams,
  opts: CallOptions = {},
): Promise<Result<StreamAnswer>> {
  const target = activitiesTarget(organizationId, params);
  if (!target.ok) return target;
  return client.requestStream({
    method: 'GET',
    ...target.value,
    accept: 'text/csv',
    ...via(opts, 'exports.activitiesCsv'),
  });
}

/** A GET whose answer holds its rows under `field`: where it is, its query and its history name. */
interface ListRead {
  path: string;
  field: string;
  operation: string;
  queryNames?: readonly string[];
  /** Also accept a bare array (an older platform answers `/accounts` so). */
  bareArrayToo?: boolean;
  /**
   * Drop `null` rows (a single-page list shown as is). Not for the lists the walks page through
   * (fetch-all.ts): a walk counts a page's rows, `null` ones included, to know whether it was full.
   */
  dropNullRows?: boolean;
}

/** One list operation as a typed function: the plain lists differ only in their `ListRead`. */
function listRead<P extends QueryParams, T>(list: ListRead) {
  return async (client: PlatformClient, params: P, opts: CallOptions = {}): Promise<Result<T[]>> => {
    const result = await get<unknown>(client, opts, {
      operation: list.operation,
      path: list.path,
      query: list.queryNames === undefined ? '' : buildQuery(params, list.queryNames),
      expect: arrayField(list.field, list.bareArrayToo),
    });
    return map(result, (value) => {
      const rows = listOf<T>(value, list.field);
      return list.dropNullRows ? withoutNullRows<T>(rows).rows : rows;
    });
  };
}

export const listCryptoAddresses = listRead<CryptoAddressesParams, CryptoAddress>({
  path: '/crypto-addresses',
  field: 'cryptoAddresses',
  operation: 'cryptoAddresses.list',
  queryNames: QUERY_NAMES.cryptoAddresses,
});

const readAccounts = listRead<QueryParams, Account>({
  path: '/accounts',
  field: 'accounts',
  operation: 'accounts.list',
  dropNullRows: true,
  bareArrayToo: true,
});
/** Deprecated on the real platform in favour of portfolios and wallets; kept working. */
export const listAccounts = (client: PlatformClient, opts: CallOptions = {}) =>
  readAccounts(client, {}, opts);

export const listPortfolios = listRead<PortfoliosParams, Portfolio>({
  path: '/portfolios',
  field: 'portfolios',
  operation: 'portfolios.list',
  dropNullRows: true,
  queryNames: QUERY_NAMES.portfolios,
});

export const listWallets = listRead<WalletsParams, Wallet>({
  path: '/wallets',
  field: 'wallets',
  operation: 'wallets.list',
  dropNullRows: true,
  queryNames: QUERY_NAMES.wallets,
});

export async function listLoans(
  client: PlatformClient,
  organizationId: string,
  params: LoansParams,
  opts: CallOptions = {},
): Promise<Result<Loan[]>> {
  const p = safePath(() => path`/organizations/${organizationId}/loans`);
  if (!p.ok) return p;
  // The console's loan table shows collaterals, counterparties, allocations and interest, so a
  // list always asks for them; a second request per loan would cost the rate limit far more.
  const query = buildQuery(
    {
      ...params,
      includeCollaterals: true,
      includeCounterparties: true,
      includeChildLoans: true,
      includeLoanAllocations: true,
      includeLoanInterest: true,
      sortBy: params.sortDirection === undefined ? undefined : 'updatedAt',
    },
    QUERY_NAMES.loans,
  );
  const result = await get<unknown>(client, opts, {
    operation: 'loans.list',
    path: p.value,
    query,
    expect: arrayField('loans'),
  });
  return map(result, (value) => listOf<Loan>(value, 'loans'));
}

export async function getLoan(
  client: PlatformClient,
  organizationId: string,
  loanId: string,
  opts: CallOptions = {},
): Promise<Result<Loan>> {
  const p = safePath(() => path`/organizations/${organizationId}/loans/${loanId}`);
  if (!p.ok) return p;
  return get<Loan>(client, opts, { operation: 'loans.get', path: p.value, expect: loanObject });
}

/**
 * The two PATCHes that change nothing (src/shared/ltv-reads.ts): built by the same functions the
 * renderer's preview uses, sent once (the client never repeats a PATCH), answered with the request
 * as sent. Reads: not journalled, not prepared, paced like any interactive read.
 */
async function sendRead<T>(
  client: PlatformClient,
  built: Result<ReadRequest>,
  expect: Expect,
  operation: string,
  opts: CallOptions,
): Promise<Result<LtvRead<T>>> {
  if (!built.ok) return built;
  const { path: p, ...request } = built.value;
  const result = await client.request<T>({ ...request, path: p, expect, ...via(opts, operation) });
  return map(result, (answer) => ({ answer, sent: { ...request, url: client.urlOf(p) } }));
}

/** `PATCH /organizations/{organizationId}/loans/{loanId}` (estimate-loan-ltv): the loan as estimated. */
export function estimateLoanLtv(
  client: PlatformClient,
  organizationId: string,
  input: EstimateLtvInput,
  opts: CallOptions = {},
): Promise<Result<LtvRead<Loan>>> {
  return sendRead(client, estimateLtvRequest(organizationId, input), loanObject, 'loans.estimateLtv', opts);
}

/** `PATCH /organizations/{organizationId}/loans` (calculate-ltv-dry-run): the platform's calculation. */
export function ltvDryRun(
  client: PlatformClient,
  organizationId: string,
  input: LtvDryRunInput,
  opts: CallOptions = {},
): Promise<Result<LtvRead<Record<string, unknown>>>> {
  return sendRead(client, ltvDryRunRequest(organizationId, input), jsonObject, 'loans.ltvDryRun', opts);
}
