/**
 * `GET /organizations/{org}/activities`: newest first; `Accept: text/csv` answers CSV with a
 * header row of the Activity field names. Limits from PAGE_LIMITS.
 */
import { ACTIVITY_TYPES } from '../../shared/platform/enums';
import { PAGE_LIMITS } from '../../shared/platform/page-limits';
import type { Activity } from '../../shared/platform/resources';
import { csvAnswer, csvRecord, csvValues } from '../csv';
import { GeneratedActivities, filterActivities } from '../data/generated-activities';
import { paging, param, parseQuery, querySchema } from '../query';
import {
  jsonList,
  jsonPage,
  requireOwnOrganization,
  type PlatformRequest,
  type Reply,
  type Route,
} from '../router';

/**
 * The CSV columns. The specification names the CSV format but not its columns; the sandbox's
 * reading: one column per field of the specification's Activity, in the order it lists them
 * ("Activity (item of `activities`)"), headed by the field's name.
 */
export const ACTIVITY_COLUMNS = [
  'activityId',
  'activityType',
  'createdAt',
  'description',
  'name',
  'organizationId',
  'portfolioId',
  'userId',
] as const satisfies readonly (keyof Activity & string)[];

const CSV_HEADER = Buffer.from(csvRecord(ACTIVITY_COLUMNS));

export function wantsCsv(accept: string | undefined): boolean {
  return accept !== undefined && accept.toLowerCase().includes('text/csv');
}

const query = querySchema('activities', {
  ...paging(PAGE_LIMITS.activities.default, PAGE_LIMITS.activities.max),
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
  const rows = unfiltered
    ? all
    : store.view(`activities:${org}:${JSON.stringify([from, to, search, types, excluded, userIds])}`, () => {
        const inc = types === undefined ? undefined : new Set<string>(types);
        const exc = excluded === undefined ? undefined : new Set<string>(excluded);
        const users = userIds === undefined ? undefined : new Set(userIds);
        return filterActivities(all, (a) => {
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
  const csv = wantsCsv(req.headers.accept);
  if (rows instanceof GeneratedActivities) {
    // Records made for this answer only: encoded directly, caching them would only churn.
    const slice = rows.slice(offset, offset + limit);
    if (!csv) return jsonList((r) => Buffer.from(JSON.stringify(r)), 'activities', slice);
    const line = (r: Activity) => Buffer.from(csvRecord(csvValues(r, ACTIVITY_COLUMNS)));
    return { status: 200, csv: csvAnswer(slice, ACTIVITY_COLUMNS, line) };
  }
  if (!csv) return jsonPage(store, 'activities', rows, offset, limit);
  const lines = store.csvRange(rows, ACTIVITY_COLUMNS, offset, offset + limit);
  return { status: 200, csv: Buffer.concat([CSV_HEADER, lines]) };
}

export const activityRoutes: Route[] = [
  { method: 'GET', pattern: '/organizations/:organizationId/activities', handler: listActivities },
];
