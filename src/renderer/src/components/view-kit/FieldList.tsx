import { Fragment, type ReactNode } from 'react';

/** One labelled value of a detail; `null`/`false` entries are skipped (a field not to show). */
export interface Field {
  label: ReactNode;
  value: ReactNode;
  /** React key, when the label is not a unique string. */
  key?: string;
  /** Class of the value's cell (`mono`, `small`, …). */
  className?: string;
  testId?: string;
  role?: string;
}

type FieldEntry = Field | null | false | undefined;

interface FieldListProps {
  fields: readonly FieldEntry[];
  testId?: string;
  /** `kv`: a two-column definition list; `table`: header cells beside values, in a sub-table. */
  variant?: 'kv' | 'table';
}

function keyOf(field: Field, i: number): string {
  return field.key ?? (typeof field.label === 'string' ? field.label : String(i));
}

/** The labelled fields of a detail pane, in the order given. */
export function FieldList({ fields, testId, variant = 'kv' }: FieldListProps) {
  const shown = fields.filter((f): f is Field => !!f);
  // One markup per variant: a definition list, or header cells beside values in a sub-table.
  const rows = shown.map((f, i) => {
    const value = (
      <ValueCell as={variant === 'table' ? 'td' : 'dd'} field={f}>
        {f.value}
      </ValueCell>
    );
    return variant === 'table' ? (
      <tr key={keyOf(f, i)}>
        <th>{f.label}</th>
        {value}
      </tr>
    ) : (
      <Fragment key={keyOf(f, i)}>
        <dt>{f.label}</dt>
        {value}
      </Fragment>
    );
  });
  return variant === 'table' ? (
    <table className="sub-table" data-testid={testId}>
      <tbody>{rows}</tbody>
    </table>
  ) : (
    <dl className="kv" data-testid={testId}>
      {rows}
    </dl>
  );
}

function ValueCell({ as: Cell, field, children }: { as: 'td' | 'dd'; field: Field; children: ReactNode }) {
  return (
    <Cell className={field.className} data-testid={field.testId} role={field.role}>
      {children}
    </Cell>
  );
}
