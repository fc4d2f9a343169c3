/**
 * Column lists in one line a column: `const c = columnsFor<Loan>(); [c.time('createdAt', 'Created',
 * 160), c.id('loanId', 'Loan id', 170, 'hidden')]`. Each reads the row's field of the same name; a
 * column that computes its value or renders a cell is written out as a `ColumnSpec`.
 */
import type { ColumnKind, ColumnSpec } from '../data-table';

/** The keys of T whose values are platform text (or missing). */
export type TextKeys<T> = {
  [K in keyof T]-?: T[K] extends string | null | undefined ? K : never;
}[keyof T] &
  string;

type Extra<T> = Partial<Omit<ColumnSpec<T>, 'id' | 'header' | 'value' | 'width' | 'kind'>>;

/** `hidden`: until shown from the Columns menu; `grow`: takes the width left over. */
type Flag = 'hidden' | 'grow';
const FLAGS = { hidden: { defaultHidden: true }, grow: { grow: true } } as const;

export function columnsFor<T>() {
  const of =
    (kind: ColumnKind) =>
    (key: TextKeys<T>, header: string, width: number, extra: Extra<T> | Flag = {}): ColumnSpec<T> => ({
      id: key,
      header,
      ...(kind === 'text' ? {} : { kind }),
      // A row is an object after the main side's read, but any field may be null or not text.
      value: (row) => (row as Partial<T> | null | undefined)?.[key],
      width,
      ...(typeof extra === 'string' ? FLAGS[extra] : extra),
    });
  return {
    text: of('text'),
    id: of('id'),
    amount: of('amount'),
    number: of('number'),
    time: of('time'),
    badge: of('badge'),
  };
}
