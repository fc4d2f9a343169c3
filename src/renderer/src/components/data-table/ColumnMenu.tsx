import { useEffect, useRef, useState } from 'react';
import type { ColumnSpec } from './types';

interface ColumnMenuProps<T> {
  columns: readonly ColumnSpec<T>[];
  hidden: readonly string[];
  onChange(hidden: string[]): void;
  testId: string;
}

export function ColumnMenu<T>({ columns, hidden, onChange, testId }: ColumnMenuProps<T>) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDoc = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onDoc);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDoc);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  const visibleCount = columns.length - hidden.length;
  return (
    <div className="menu-anchor" ref={ref}>
      <button
        type="button"
        className="btn small"
        aria-expanded={open}
        data-testid={`${testId}-columns`}
        onClick={() => setOpen((o) => !o)}
      >
        Columns {visibleCount}/{columns.length} ▾
      </button>
      {open ? (
        <div className="menu" role="menu" data-testid={`${testId}-columns-menu`}>
          {columns.map((c) => {
            const isHidden = hidden.includes(c.id);
            return (
              <label key={c.id} className="menu-item" role="menuitemcheckbox" aria-checked={!isHidden}>
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
            );
          })}
          <button type="button" className="btn small" onClick={() => onChange([])}>
            Show all
          </button>
        </div>
      ) : null}
    </div>
  );
}
