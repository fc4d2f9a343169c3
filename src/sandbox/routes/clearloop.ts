/**
 * `GET /clearloop/actions`: platform-facts filters, `{actions, pagination}` with string numbers.
 * Unfiltered pages are slices of the pre-sorted array (or of a cached reversed view for `desc`);
 * filtered views are one pass, cached until the state changes.
 */
import { CLEARLOOP_ACTION_TYPES, SORT_DIRECTIONS } from '../../shared/platform/enums';
import { PAGE_LIMITS } from '../../shared/platform/page-limits';
import type { ClearLoopAction } from '../../shared/platform/resources';
import { paging, param, parseQuery, querySchema } from '../query';
import { jsonPage, type PlatformRequest, type Reply, type Route } from '../router';

const query = querySchema('clearLoopActions', {
  fromTimestamp: param.timestamp().optional(),
  toTimestamp: param.timestamp().optional(),
  clientAccountId: param.string().optional(),
  portfolioIds: param.list().optional(),
  actionType: param.oneOf(CLEARLOOP_ACTION_TYPES).optional(),
  ...paging(PAGE_LIMITS.clearLoopActions.default, PAGE_LIMITS.clearLoopActions.max),
  sortDirection: param.oneOf(SORT_DIRECTIONS).default('asc'),
  filterExecuted: param.bool().default(false),
});

function listActions(req: PlatformRequest): Reply {
  const q = parseQuery(query, req.query);
  const { fromTimestamp: from, toTimestamp: to, clientAccountId, portfolioIds, actionType } = q;
  const { limit, offset, sortDirection: direction, filterExecuted: executedOnly } = q;
  const org = req.caller.organizationId;
  const store = req.store;
  const all = store.data.clearLoopActions.get(org) ?? [];
  const filtered =
    from === undefined &&
    to === undefined &&
    clientAccountId === undefined &&
    portfolioIds === undefined &&
    actionType === undefined &&
    !executedOnly;
  // The unfiltered ascending walk (the usual page) needs no view key.
  const filterKey =
    filtered && direction === 'asc'
      ? ''
      : JSON.stringify([from, to, clientAccountId, portfolioIds, actionType, executedOnly]);
  const base: readonly ClearLoopAction[] = filtered
    ? all
    : store.view(`clearloop:${org}:${filterKey}`, () => {
        const ids = portfolioIds === undefined ? undefined : new Set(portfolioIds);
        return all.filter((a) => {
          const t = Number(a.createdAt);
          return (
            (from === undefined || t >= from) &&
            (to === undefined || t <= to) &&
            (clientAccountId === undefined || a.clientAccountId === clientAccountId) &&
            (ids === undefined || ids.has(a.clearLoopPortfolioId)) &&
            (actionType === undefined || a.action === actionType) &&
            (!executedOnly || a.status === 'executed')
          );
        });
      });
  const sorted =
    direction === 'asc' ? base : store.view(`clearloop:${org}:${filterKey}:desc`, () => [...base].reverse());
  const total = sorted.length;
  return jsonPage(store, 'actions', sorted, offset, limit, {
    pagination: {
      limit: String(limit),
      page: String(Math.floor(offset / limit) + 1),
      pages: String(Math.ceil(total / limit)),
      totalItems: String(total),
    },
  });
}

export const clearLoopRoutes: Route[] = [
  { method: 'GET', pattern: '/clearloop/actions', handler: listActions },
];
