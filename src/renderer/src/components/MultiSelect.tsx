import { useMemo, useState } from 'react';
import { usePopover } from './use-popover';
import './multi-select.css';

/** What an offered value that is not a known spelling says, beside it. */
export const NOT_KNOWN = 'not a known spelling';

/**
 * The values a picker offers: the known spellings first, then (an open list) those seen in the
 * loaded rows or already chosen that are not among them, sorted; each with whether it is known.
 */
export function offeredValues(
  options: readonly string[],
  value: readonly string[],
  seen: readonly string[] = [],
  open = false,
): { value: string; known: boolean }[] {
  const known = new Set(options);
  const others = open
    ? [...new Set([...seen, ...value])].filter((v) => v.trim() !== '' && !known.has(v)).sort()
    : [];
  return [
    ...options.map((o) => ({ value: o, known: true })),
    ...others.map((o) => ({ value: o, known: false })),
  ];
}

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
  /**
   * A list the specification leaves open (issue 29.4): values seen in the loaded rows and any value
   * typed in the search box can be picked too, marked "not a known spelling": a warning, never a
   * refusal (the console sends it as typed; the platform decides).
   */
  open?: boolean;
  /** Values seen in the loaded rows (an open list offers those that are not known spellings). */
  seen?: readonly string[];
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
  open: openList = false,
  seen,
}: MultiSelectProps) {
  const { open, setOpen, ref } = usePopover();
  const [query, setQuery] = useState('');
  const offered = useMemo(
    () => offeredValues(options, value, seen, openList),
    [options, value, seen, openList],
  );
  const shownOffers = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q ? offered.filter((o) => o.value.toLowerCase().includes(q)) : offered;
  }, [offered, query]);
  const shown = shownOffers.map((o) => o.value);
  const typed = query.trim();
  const canAdd = openList && typed !== '' && !offered.some((o) => o.value === typed);
  const add = () => {
    if (!canAdd) return;
    onChange([...value, typed]);
    setQuery('');
  };
  const unknownPicked = openList ? value.filter((v) => !options.includes(v)) : [];
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
            placeholder={openList ? 'Search, or type a value…' : 'Search…'}
            aria-label={
              openList
                ? `Search ${label.toLowerCase()}, or type another value`
                : `Search ${label.toLowerCase()}`
            }
            data-testid={`${testId}-search`}
            value={query}
            maxLength={100}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              // Enter adds the typed value; it never submits the filter bar's form.
              e.preventDefault();
              add();
            }}
          />
          {canAdd ? (
            <button type="button" className="btn small" data-testid={`${testId}-add`} onClick={add}>
              Add “{typed}” <span className="multi-unknown">({NOT_KNOWN})</span>
            </button>
          ) : null}
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
            {shownOffers.map(({ value: o, known }) => (
              <label key={o} className="menu-item" data-known={known ? undefined : 'false'}>
                <input
                  type="checkbox"
                  checked={value.includes(o)}
                  onChange={(e) => onChange(e.target.checked ? [...value, o] : value.filter((v) => v !== o))}
                />
                {optionLabel ? optionLabel(o) : o}
                {known ? null : <span className="multi-unknown"> ({NOT_KNOWN})</span>}
              </label>
            ))}
          </div>
        </div>
      ) : null}
      {unknownPicked.length ? (
        <span className="multi-warning" role="note" data-testid={`${testId}-warning`}>
          ⚠ {unknownPicked.join(', ')}: {NOT_KNOWN}; sent as typed, the platform decides
        </span>
      ) : null}
    </div>
  );
}
