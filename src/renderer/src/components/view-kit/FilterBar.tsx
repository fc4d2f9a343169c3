import type { ReactNode } from 'react';
import { Form } from './Form';
import { FilterFields, type FilterFieldSpec, type ListTextBinding } from './FilterFields';
import type { DraftFilters } from './use-draft-filters';

export interface FilterActionsProps {
  /** Shown first: a count or a status line. */
  before?: ReactNode;
  /** Resets the filters to their defaults ("Clear filters"). */
  onReset?: () => void;
  resetLabel?: string;
  /** A submit button for a draft form (a bar with `onSubmit`). */
  apply?: { label: string; disabled?: boolean; testId?: string };
  /** Loads the current filters again. */
  onRefresh?: () => void;
  refreshTestId?: string;
  /** Further buttons, after the others. */
  extra?: ReactNode;
}

interface FilterBarProps<F> {
  testId?: string;
  /** The filter schema: what each field edits, in order. */
  fields: readonly FilterFieldSpec<F>[];
  value: F;
  onChange(patch: Partial<F>): void;
  /** Text of `list` fields, for draft forms (`useDraftFilters`). */
  texts?: ListTextBinding<F>;
  /** The buttons at the end of the bar. */
  actions?: FilterActionsProps;
  /** Makes the bar a form: Enter in a field or the apply button submits it. */
  onSubmit?: () => void;
}

/** A tab's filter bar: the fields of its schema, then its actions pushed to the right. */
export function FilterBar<F>({
  testId,
  fields,
  value,
  onChange,
  texts,
  actions,
  onSubmit,
}: FilterBarProps<F>) {
  const content = (
    <>
      <FilterFields fields={fields} value={value} onChange={onChange} texts={texts} />
      {actions ? <FilterActions {...actions} /> : null}
    </>
  );
  return onSubmit ? (
    <Form className="filters" data-testid={testId} onSubmit={() => onSubmit()}>
      {content}
    </Form>
  ) : (
    <div className="filters" data-testid={testId}>
      {content}
    </div>
  );
}

interface DraftFilterBarProps<F> {
  testId: string;
  fields: readonly FilterFieldSpec<F>[];
  /** From `useDraftFilters`. */
  form: DraftFilters<F, keyof F & string>;
  applyLabel: string;
  /** A load is running: applying again waits for it. */
  busy: boolean;
  extra?: ReactNode;
}

/** The filter bar of a fetch-all tab: edited as a draft, Clear resets the draft, submit applies it. */
export function DraftFilterBar<F>({ testId, fields, form, applyLabel, busy, extra }: DraftFilterBarProps<F>) {
  return (
    <FilterBar
      testId={testId}
      onSubmit={form.apply}
      fields={fields}
      value={form.draft}
      onChange={form.patch}
      texts={form}
      actions={{
        onReset: form.reset,
        resetLabel: 'Clear',
        apply: { label: applyLabel, disabled: busy },
        extra,
      }}
    />
  );
}

/** Reset, Apply, Refresh and the tab's own buttons, in that order, at the end of a filter bar. */
function FilterActions({
  before,
  onReset,
  resetLabel = 'Clear filters',
  apply,
  onRefresh,
  refreshTestId = 'refresh',
  extra,
}: FilterActionsProps) {
  return (
    <div className="filters-actions">
      {before}
      {onReset ? (
        <button type="button" className="btn small" onClick={onReset}>
          {resetLabel}
        </button>
      ) : null}
      {apply ? (
        <button
          type="submit"
          className="btn small primary"
          data-testid={apply.testId ?? 'load'}
          disabled={apply.disabled}
        >
          {apply.label}
        </button>
      ) : null}
      {onRefresh ? <RefreshButton onClick={onRefresh} testId={refreshTestId} /> : null}
      {extra}
    </div>
  );
}

export function RefreshButton({ onClick, testId = 'refresh' }: { onClick(): void; testId?: string }) {
  return (
    <button type="button" className="btn small" data-testid={testId} onClick={onClick}>
      Refresh
    </button>
  );
}
