/**
 * `GET /organizations/{org}/activities`: newest first; `Accept: text/csv` answers CSV with a
 * header row of the Activity field names. Default limit 1000, at most 10,000.
 */
import { ACTIVITY_TYPES } from '../../shared/platform/enums';
import type { Activity } from '../../shared/platform/resources';
import { toCsv } from '../csv';
import { readPaging } from '../query';
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

function listActivities(req: PlatformRequest): Reply {
  const org = requireOwnOrganization(req);
  const q = req.query;
  const { limit, offset } = readPaging(q, ACTIVITIES_DEFAULT_LIMIT, 10_000);
  const from = q.timestamp('createdFrom');
  const to = q.timestamp('createdTo');
  const search = q.string('search', 200)?.toLowerCase();
  const types = q.enumList('activityTypes', ACTIVITY_TYPES);
  const excluded = q.enumList('excludedActivityTypes', ACTIVITY_TYPES);
  const userIds = q.list('userIds');
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
