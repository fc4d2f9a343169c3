/**
 * A filter bar's fields from a schema: a list of field specs over the tab's filter object. The tab
 * says what each field edits; the markup (and so test ids, labels and styles) is the kit's.
 */
import type { ReactNode } from 'react';
import type { Portfolio } from '@shared/platform/resources';
import { parseList } from '../../lib/list-text';
import { MultiSelect } from '../MultiSelect';
import { PortfolioSelect } from '../PortfolioSelect';
import { TimeRangeFields, type TimeRange } from '../TimeRangeFields';
import { CheckboxField, SelectField, TextField, type SelectOption } from './fields';

type KeyOf<F> = keyof F & string;

interface Common<F> {
  key: KeyOf<F>;
  label: string;
  testId?: string;
}

export type FilterFieldSpec<F> =
  | (Common<F> & { kind: 'text'; width?: number; placeholder?: string; maxLength?: number })
  /**
   * A list edited as comma-separated text (draft forms: `texts` holds the text). With `options`,
   * a picker beside it ticks the known values into the text; other values can still be typed (the
   * specification leaves spellings open).
   */
  | (Common<F> & { kind: 'list'; width?: number; placeholder?: string; options?: readonly string[] })
  | (Common<F> & {
      kind: 'select';
      options: readonly SelectOption[];
      /** First option, with the empty value: the filter is off. */
      anyLabel?: string;
      /** The filter value for a chosen option; by default the option's value itself. */
      parse?: (value: string) => F[KeyOf<F>] | undefined;
    })
  | (Common<F> & { kind: 'checkbox' })
  /**
   * A choice of several values. `open`: the specification leaves the list open, so values seen in
   * the loaded rows (`seen`) and typed ones can be picked too, marked "not a known spelling".
   */
  | (Common<F> & {
      kind: 'multi';
      options: readonly string[];
      optionLabel?: (value: string) => string;
    } & MultiOptions)
  /** One portfolio of those given (all when unset). */
  | (Common<F> & { kind: 'portfolio'; portfolios: readonly Portfolio[] | null })
  /** The From / To pair over `from` and `to`. */
  | { kind: 'time-range' }
  /** Starts a new row of fields. */
  | { kind: 'break' }
  | { kind: 'custom'; id: string; render: () => ReactNode };

export interface ListTextBinding<F> {
  text(key: KeyOf<F>): string;
  setText(key: KeyOf<F>, text: string): void;
}

interface FilterFieldsProps<F> {
  fields: readonly FilterFieldSpec<F>[];
  value: F;
  onChange(patch: Partial<F>): void;
  texts?: ListTextBinding<F>;
}

function specKey<F>(spec: FilterFieldSpec<F>, i: number): string {
  if (spec.kind === 'custom') return spec.id;
  if (spec.kind === 'time-range' || spec.kind === 'break') return `${spec.kind}-${i}`;
  return spec.key;
}

/** For a select whose '' option means "not set": the filter key is then absent. */
export const unsetWhenEmpty = <V extends string>(value: string): V | undefined =>
  value === '' ? undefined : (value as V);

export function FilterFields<F>({ fields, value, onChange, texts }: FilterFieldsProps<F>) {
  return (
    <>
      {fields.map((spec, i) => (
        <FilterFieldView key={specKey(spec, i)} spec={spec} value={value} onChange={onChange} texts={texts} />
      ))}
    </>
  );
}

interface FieldViewProps<F> {
  spec: FilterFieldSpec<F>;
  value: F;
  onChange(patch: Partial<F>): void;
  texts: ListTextBinding<F> | undefined;
}

function FilterFieldView<F>({ spec, value, onChange, texts }: FieldViewProps<F>) {
  const set = (key: KeyOf<F>, v: unknown) => onChange({ [key]: v } as Partial<F>);
  switch (spec.kind) {
    case 'break':
      // Two deliberate rows, e.g. what to match, then the time range, row limit and actions.
      return <div className="filters-break" aria-hidden />;
    case 'custom':
      return <>{spec.render()}</>;
    case 'time-range':
      return (
        <TimeRangeFields value={value as TimeRange} onChange={(range) => onChange(range as Partial<F>)} />
      );
    default:
      break;
  }
  const current = value[spec.key];
  const { kind, key, label, testId } = spec;
  switch (kind) {
    case 'text':
      return (
        <TextField
          label={label}
          testId={testId}
          value={String(current ?? '')}
          onChange={(v) => set(key, v)}
          width={spec.width}
          placeholder={spec.placeholder}
          maxLength={spec.maxLength}
        />
      );
    case 'list': {
      // A list shows the text being typed; the filter holds the parsed list.
      const text = texts?.text(key) ?? '';
      const field = (
        <TextField
          label={label}
          testId={testId}
          value={text}
          onChange={(v) => texts?.setText(key, v)}
          width={spec.width}
          placeholder={spec.placeholder}
        />
      );
      if (!texts || !spec.options?.length) return field;
      return (
        <>
          {field}
          <MultiSelect
            label={`Pick ${label.toLowerCase()}`}
            pickerText="Pick…"
            testId={`${testId ?? key}-pick`}
            options={spec.options}
            value={parseList(text)}
            onChange={(next) => texts.setText(key, next.join(', '))}
          />
        </>
      );
    }
    case 'select':
      return (
        <SelectField
          label={label}
          testId={testId}
          value={String(current ?? '')}
          anyLabel={spec.anyLabel}
          options={spec.options}
          onChange={(v) => set(key, spec.parse ? spec.parse(v) : v)}
        />
      );
    case 'checkbox':
      return (
        <CheckboxField
          label={label}
          testId={testId}
          checked={current === true}
          onChange={(v) => set(key, v)}
        />
      );
    case 'portfolio':
      return (
        <PortfolioSelect
          portfolios={spec.portfolios}
          value={current as string | undefined}
          testId={testId}
          label={label}
          onChange={(v) => set(key, v)}
        />
      );
    case 'multi':
      return (
        <MultiSelect
          label={label}
          testId={testId ?? key}
          options={spec.options}
          value={current as readonly string[]}
          optionLabel={spec.optionLabel}
          open={spec.open}
          seen={spec.seen}
          onChange={(v) => set(key, v)}
        />
      );
  }
}

interface InputOptions {
  width?: number;
  placeholder?: string;
  maxLength?: number;
}

interface ListOptions {
  width?: number;
  placeholder?: string;
  /** The values known (currencies seen, tags loaded): offered by a picker beside the text. */
  options?: readonly string[];
}

interface MultiOptions {
  /** The list is open: values beyond `options` may be picked or typed (a warning, not a refusal). */
  open?: boolean;
  /** Values seen in the loaded rows, offered when the list is open. */
  seen?: readonly string[];
}

/** The distinct non-empty text values of `pick` over the loaded rows: what an open filter offers. */
export function seenValues<R>(rows: readonly R[] | undefined, pick: (row: R) => unknown): string[] {
  const seen = new Set<string>();
  for (const row of rows ?? []) {
    const v = pick(row);
    if (typeof v === 'string' && v.trim() !== '') seen.add(v);
  }
  return [...seen];
}

interface SelectOptions<F> {
  anyLabel?: string;
  parse?: (value: string) => F[KeyOf<F>] | undefined;
}

/**
 * Short constructors for a filter schema over F, one line a field:
 * `const f = filterFieldsFor<Filters>(); [f.text('search', 'Search', 'filter-search'), f.checkbox(…)]`.
 */
export function filterFieldsFor<F>() {
  return {
    text: (key: KeyOf<F>, label: string, testId?: string, opts: InputOptions = {}): FilterFieldSpec<F> => ({
      kind: 'text',
      key,
      label,
      testId,
      ...opts,
    }),
    list: (key: KeyOf<F>, label: string, testId?: string, opts: ListOptions = {}): FilterFieldSpec<F> => ({
      kind: 'list',
      key,
      label,
      testId,
      ...opts,
    }),
    select: (
      key: KeyOf<F>,
      label: string,
      testId: string | undefined,
      options: readonly SelectOption[],
      opts: SelectOptions<F> = {},
    ): FilterFieldSpec<F> => ({ kind: 'select', key, label, testId, options, ...opts }),
    checkbox: (key: KeyOf<F>, label: string, testId?: string): FilterFieldSpec<F> => ({
      kind: 'checkbox',
      key,
      label,
      testId,
    }),
    multi: (
      key: KeyOf<F>,
      label: string,
      testId: string,
      options: readonly string[],
      optionLabel?: (value: string) => string,
      opts: MultiOptions = {},
    ): FilterFieldSpec<F> => ({ kind: 'multi', key, label, testId, options, optionLabel, ...opts }),
    portfolio: (
      key: KeyOf<F>,
      portfolios: readonly Portfolio[] | null,
      testId?: string,
      label = 'Portfolio',
    ): FilterFieldSpec<F> => ({ kind: 'portfolio', key, label, testId, portfolios }),
    custom: (id: string, render: () => ReactNode): FilterFieldSpec<F> => ({ kind: 'custom', id, render }),
    timeRange: { kind: 'time-range' } as FilterFieldSpec<F>,
    rowBreak: { kind: 'break' } as FilterFieldSpec<F>,
  };
}
