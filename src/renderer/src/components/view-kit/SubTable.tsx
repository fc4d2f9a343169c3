import type { HTMLAttributes, ReactNode } from 'react';

export interface SubColumn<T> {
  header: ReactNode;
  cell(row: T, index: number): ReactNode;
  /** Right-aligned (amounts, numbers): header and cells. */
  right?: boolean;
  /** Further classes of the cells (`mono`, `small`). */
  className?: string;
}

type RowAttributes = HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string>;

interface SubTableProps<T> {
  rows: readonly T[];
  columns: readonly SubColumn<T>[];
  rowKey(row: T, index: number): string;
  /** Attributes of a row: a title with its ids, test ids. */
  rowProps?: (row: T, index: number) => RowAttributes;
  testId?: string;
  /** Shown instead of the table when there are no rows; without it an empty table is shown. */
  empty?: ReactNode;
}

function cellClass(c: SubColumn<unknown>): string | undefined {
  return [c.right ? 'right' : '', c.className ?? ''].filter(Boolean).join(' ') || undefined;
}

/** A small table inside a detail pane (collaterals, attempts, configurations). */
export function SubTable<T>({ rows, columns, rowKey, rowProps, testId, empty }: SubTableProps<T>) {
  if (rows.length === 0 && empty !== undefined) return <>{empty}</>;
  return (
    <table className="sub-table" data-testid={testId}>
      <thead>
        <tr>
          {columns.map((c, i) => (
            <th key={i} className={c.right ? 'right' : undefined}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={rowKey(row, i)} {...rowProps?.(row, i)}>
            {columns.map((c, j) => (
              <td key={j} className={cellClass(c as SubColumn<unknown>)}>
                {c.cell(row, i)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** "None." under a detail section with nothing to list. */
export const NONE = <p className="muted small">None.</p>;
