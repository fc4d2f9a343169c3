import { useId, type FormHTMLAttributes, type ReactNode } from 'react';

interface FormProps extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> {
  /**
   * Called with the form on submit; the page never navigates. Read secrets with `FormData` here.
   * An async handler reports its own failures (a banner): the form does not wait for it.
   */
  onSubmit(form: HTMLFormElement): void | Promise<unknown>;
  /**
   * The settings forms' one layout (issue 29), from styles/components.css: `grid` puts the fields in
   * two columns, label above field, checkboxes beside their labels, and everything else (help,
   * notes, errors, the `ButtonRow`) across the whole width under them; `row` keeps a short form
   * (a field or two and its buttons) on one line, the buttons level with the fields. Without it the
   * form has no layout of its own (`className` decides: filter bars, action forms).
   */
  layout?: 'grid' | 'row';
  /** The form's help text, in the one place help goes: first, above the fields; it describes the form. */
  help?: ReactNode;
  children?: ReactNode;
}

const LAYOUT_CLASS = { grid: 'form-grid', row: 'form-row' } as const;

/** A form that handles its own submit: the browser's default (a page load) is always prevented. */
export function Form({ onSubmit, layout, help, className, children, ...form }: FormProps) {
  const helpId = useId();
  const classes = [layout ? LAYOUT_CLASS[layout] : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <form
      aria-describedby={help ? helpId : undefined}
      {...form}
      className={classes || undefined}
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit(e.currentTarget);
      }}
    >
      {help ? (
        <p className="form-help" id={helpId}>
          {help}
        </p>
      ) : null}
      {children}
    </form>
  );
}
