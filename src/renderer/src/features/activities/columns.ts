/**
 * The Activities table's columns. Each column's kind sorts by the rule @shared/row-model gives its
 * field (the main side sorts them; a unit test holds the two together). Free of React and the
 * table's index, so that node tests can read it.
 */
import type { Activity } from '@shared/platform/resources';
import type { ActivityField } from '@shared/row-model';
import type { ColumnKind, ColumnSpec } from '../../components/data-table/types';

const column = (
  kind: ColumnKind,
  id: ActivityField,
  header: string,
  width: number,
  flags: { grow?: boolean; defaultHidden?: boolean } = {},
): ColumnSpec<Activity> => ({
  id,
  header,
  ...(kind === 'text' ? {} : { kind }),
  value: (row) => row[id],
  width,
  ...flags,
});

export const ACTIVITY_COLUMNS: ColumnSpec<Activity>[] = [
  column('time', 'createdAt', 'Time', 160),
  column('badge', 'activityType', 'Type', 240),
  column('text', 'name', 'Name', 200),
  column('text', 'description', 'Description', 280, { grow: true }),
  column('id', 'userId', 'User', 160),
  column('id', 'portfolioId', 'Portfolio', 160, { defaultHidden: true }),
  column('id', 'activityId', 'Activity id', 170, { defaultHidden: true }),
  column('id', 'organizationId', 'Organization', 160, { defaultHidden: true }),
];
