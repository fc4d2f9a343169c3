import type { FormHTMLAttributes, ReactNode } from 'react';

interface FormProps extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> {
  /**
   * Called with the form on submit; the page never navigates. Read secrets with `FormData` here.
   * An async handler reports its own failures (a banner): the form does not wait for it.
   */
  onSubmit(form: HTMLFormElement): void | Promise<unknown>;
  children?: ReactNode;
}

/** A form that handles its own submit: the browser's default (a page load) is always prevented. */
export function Form({ onSubmit, children, ...form }: FormProps) {
  return (
    <form
      {...form}
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit(e.currentTarget);
      }}
    >
      {children}
    </form>
  );
}
