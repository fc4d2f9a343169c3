import { usePopover } from '../use-popover';
import type { ColumnSpec } from './types';

interface ColumnMenuProps<T> {
  /** In the table's current order. */
  columns: readonly ColumnSpec<T>[];
  hidden: readonly string[];
  onChange(hidden: string[]): void;
  /** Moves a column one place left (-1) or right (+1). */
  onMove(id: string, by: -1 | 1): void;
  /** Back to the columns' own order and widths. */
  onResetLayout(): void;
  testId: string;
}

export function ColumnMenu<T>({
  columns,
  hidden,
  onChange,
  onMove,
  onResetLayout,
  testId,
}: ColumnMenuProps<T>) {
  const { open, ref, trigger } = usePopover();
  const visibleCount = columns.length - hidden.length;
  return (
    <div className="menu-anchor" ref={ref}>
      <button
        type="button"
        className="btn small"
        aria-haspopup="true"
        data-testid={`${testId}-columns`}
        {...trigger}
      >
        Columns {visibleCount}/{columns.length} ▾
      </button>
      {open ? (
        <div
          className="menu"
          role="group"
          aria-label="Columns"
          data-popover-panel
          data-testid={`${testId}-columns-menu`}
        >
          {columns.map((c, i) => {
            const isHidden = hidden.includes(c.id);
            return (
              <div key={c.id} className="menu-row">
                <label className="menu-item">
                  <input
                    type="checkbox"
                    checked={!isHidden}
                    // Keep at least one column: an empty table looks like missing data.
                    disabled={!isHidden && visibleCount <= 1}
                    data-testid={`column-toggle-${c.id}`}
                    onChange={() => onChange(isHidden ? hidden.filter((h) => h !== c.id) : [...hidden, c.id])}
                  />
                  {c.header}
                </label>
                <MoveButton column={c} by={-1} disabled={i === 0} onMove={onMove} />
                <MoveButton column={c} by={1} disabled={i === columns.length - 1} onMove={onMove} />
              </div>
            );
          })}
          <div className="menu-row">
            <button type="button" className="btn small" onClick={() => onChange([])}>
              Show all
            </button>
            <button
              type="button"
              className="btn small"
              data-testid={`${testId}-reset-layout`}
              onClick={onResetLayout}
            >
              Default order and widths
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

/** Moves one column a place left (`by` -1) or right (+1). */
function MoveButton<T>({
  column,
  by,
  disabled,
  onMove,
}: {
  column: ColumnSpec<T>;
  by: -1 | 1;
  disabled: boolean;
  onMove(id: string, by: -1 | 1): void;
}) {
  const side = by < 0 ? 'left' : 'right';
  return (
    <button
      type="button"
      className="btn small ghost"
      aria-label={`Move ${column.header} ${side}`}
      data-testid={`column-${side}-${column.id}`}
      disabled={disabled}
      onClick={() => onMove(column.id, by)}
    >
      {by < 0 ? '←' : '→'}
    </button>
  );
}
