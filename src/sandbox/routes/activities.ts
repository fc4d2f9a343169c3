/**
 * `GET /organizations/{org}/activities`: newest first; `Accept: text/csv` answers CSV with a
 * header row of the Activity field names. Default limit 1000, at most 10,000.
 */
import { ACTIVITY_TYPES } from '../../shared/platform/enums';
import type { Activity } from '../../shared/platform/resources';
import { toCsv } from '../csv';
import { paging, param, parseQuery, querySchema } from '../query';
import {
  jsonList,
  page,
  requireOwnOrganization,
  type PlatformRequest,
  type Reply,
  type Route,
} from '../router';

export const ACTIVITY_COLUMNS: readonly (keyof Activity & string)[] = [
  'activityId',
  'activityType',
  'createdAt',
  'description',
  'name',
  'organizationId',
  'portfolioId',
  'userId',
];

/** The page size when `limit` is absent (the quirks mode caps CSV pages from it). */
export const ACTIVITIES_DEFAULT_LIMIT = 1000;

export function wantsCsv(accept: string | undefined): boolean {
  return accept !== undefined && accept.toLowerCase().includes('text/csv');
}

const query = querySchema('activities', {
  ...paging(ACTIVITIES_DEFAULT_LIMIT, 10_000),
  createdFrom: param.timestamp().optional(),
  createdTo: param.timestamp().optional(),
  search: param.string(200).optional(),
  activityTypes: param.enumList(ACTIVITY_TYPES).optional(),
  excludedActivityTypes: param.enumList(ACTIVITY_TYPES).optional(),
  userIds: param.list().optional(),
});

function listActivities(req: PlatformRequest): Reply {
  const org = requireOwnOrganization(req);
  const q = parseQuery(query, req.query);
  const { limit, offset, createdFrom: from, createdTo: to, userIds } = q;
  const { activityTypes: types, excludedActivityTypes: excluded } = q;
  const search = q.search?.toLowerCase();
  const store = req.store;
  const all = store.data.activities.get(org) ?? [];
  const unfiltered = [from, to, search, types, excluded, userIds].every((v) => v === undefined);
  const rows: readonly Activity[] = unfiltered
    ? all
    : store.view(`activities:${org}:${JSON.stringify([from, to, search, types, excluded, userIds])}`, () => {
        const inc = types === undefined ? undefined : new Set<string>(types);
        const exc = excluded === undefined ? undefined : new Set<string>(excluded);
        const users = userIds === undefined ? undefined : new Set(userIds);
        return all.filter((a) => {
          const t = Number(a.createdAt);
          return (
            (from === undefined || t >= from) &&
            (to === undefined || t <= to) &&
            (inc === undefined || inc.has(a.activityType)) &&
            (exc === undefined || !exc.has(a.activityType)) &&
            (users === undefined || users.has(a.userId)) &&
            (search === undefined ||
              a.name.toLowerCase().includes(search) ||
              a.description.toLowerCase().includes(search))
          );
        });
      });
  const slice = page(rows, offset, limit);
  if (wantsCsv(req.headers.accept)) return { status: 200, csv: toCsv(slice, ACTIVITY_COLUMNS) };
  return jsonList((r) => req.store.encoded(r), 'activities', slice);
}

export const activityRoutes: Route[] = [
  { method: 'GET', pattern: '/organizations/:organizationId/activities', handler: listActivities },
];
