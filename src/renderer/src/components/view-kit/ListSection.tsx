import { nonObjectEntries, objectEntries, stringOr } from '../../lib/display-text';
import { NONE, SubTable, type SubColumn } from './SubTable';

/** A section's heading: its count, and the entries that were null (left out, counted). */
export function ListHeading({ title, list }: { title: string; list: unknown }) {
  const rows = objectEntries(list).length;
  const empty = nonObjectEntries(list);
  return (
    <h4>
      {title} ({rows})
      {empty > 0 ? (
        <span className="muted small" data-testid="null-entries">
          {' '}
          · {empty} empty {empty === 1 ? 'entry' : 'entries'} left out
        </span>
      ) : null}
    </h4>
  );
}

/**
 * A detail pane's list the platform sent (collaterals, configurations): its heading with the count,
 * then its entries as a table, "None." when there are none. Null entries are left out, counted.
 */
export function ListSection<T>({
  title,
  testId,
  list,
  id,
  hover = (row) => stringOr(id(row)),
  columns,
}: {
  title: string;
  testId: string;
  list: unknown;
  /** The entry's id: its row's key, and its row's title unless `hover` gives one. */
  id(row: T): unknown;
  hover?: (row: T) => string;
  columns: readonly SubColumn<T>[];
}) {
  return (
    <>
      <ListHeading title={title} list={list} />
      <SubTable
        testId={testId}
        rows={objectEntries<T>(list)}
        empty={NONE}
        rowKey={(row, i) => `${String(id(row))}-${i}`}
        rowProps={(row) => ({ title: hover(row) })}
        columns={columns}
      />
    </>
  );
}
