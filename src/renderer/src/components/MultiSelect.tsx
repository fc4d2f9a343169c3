import { useMemo, useState } from 'react';
import { usePopover } from './use-popover';

interface MultiSelectProps {
  label: string;
  options: readonly string[];
  value: readonly string[];
  onChange(next: string[]): void;
  testId: string;
  /** Label for each option, when the raw value is not readable on its own. */
  optionLabel?: (v: string) => string;
  /**
   * A picker beside a text field that holds the list (a list filter): the button shows this text
   * ("Pick…") and the label is its accessible name only. Values the text holds that are not among
   * the options are kept when boxes are ticked.
   */
  pickerText?: string;
}

/** A compact multi-choice filter with search, for long enums such as activity types. */
export function MultiSelect({
  label,
  options,
  value,
  onChange,
  testId,
  optionLabel,
  pickerText,
}: MultiSelectProps) {
  const { open, setOpen, ref } = usePopover();
  const [query, setQuery] = useState('');
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q ? options.filter((o) => o.toLowerCase().includes(q)) : options;
  }, [options, query]);
  const summary =
    pickerText ??
    (value.length === 0 ? 'Any' : value.length === 1 ? (value[0] ?? '') : `${value.length} selected`);
  return (
    <div className="field menu-anchor" ref={ref}>
      {pickerText === undefined ? label : null}
      <button
        type="button"
        className="btn small multi-btn"
        aria-expanded={open}
        aria-label={pickerText === undefined ? undefined : label}
        data-popover-trigger
        data-testid={testId}
        title={value.join(', ') || 'Any'}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="ellipsis">{summary}</span> ▾
      </button>
      {open ? (
        <div
          className="menu multi-menu"
          role="group"
          aria-label={label}
          data-popover-panel
          data-testid={`${testId}-menu`}
        >
          <input
            className="input"
            placeholder="Search…"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
          <div className="actions-row">
            <button
              type="button"
              className="btn small"
              onClick={() => onChange([...new Set([...value, ...shown])])}
            >
              Select shown
            </button>
            <button type="button" className="btn small" onClick={() => onChange([])}>
              Clear
            </button>
          </div>
          <div className="multi-options">
            {shown.map((o) => (
              <label key={o} className="menu-item">
                <input
                  type="checkbox"
                  checked={value.includes(o)}
                  onChange={(e) => onChange(e.target.checked ? [...value, o] : value.filter((v) => v !== o))}
                />
                {optionLabel ? optionLabel(o) : o}
              </label>
            ))}
          </div>
        </div>
      ) : null}
    </div>
  );
}
