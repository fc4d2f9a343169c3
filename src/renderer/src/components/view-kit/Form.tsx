import type { FormHTMLAttributes, ReactNode } from 'react';

interface FormProps extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> {
  /**
   * Called with the form on submit; the page never navigates. Read secrets with `FormData` here.
   * An async handler reports its own failures (a banner): the form does not wait for it.
   */
  onSubmit(form: HTMLFormElement): void | Promise<unknown>;
  /**
   * The settings forms' one layout (issue 29), from styles/views.css: `grid` puts the fields in two
   * columns, label above field, checkboxes beside their labels, and the buttons on a row of their
   * own under them; `row` keeps a short form (one field and its button) on one line, the button
   * level with the field. Without it the form has no layout of its own (`className` decides).
   */
  layout?: 'grid' | 'row';
  children?: ReactNode;
}

const LAYOUT_CLASS = { grid: 'form-grid', row: 'form-row' } as const;

/** A form that handles its own submit: the browser's default (a page load) is always prevented. */
export function Form({ onSubmit, layout, className, children, ...form }: FormProps) {
  const classes = [layout ? LAYOUT_CLASS[layout] : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <form
      {...form}
      className={classes || undefined}
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit(e.currentTarget);
      }}
    >
      {children}
    </form>
  );
}
