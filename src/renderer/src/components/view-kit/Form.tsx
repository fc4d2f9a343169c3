import type { FormHTMLAttributes, ReactNode } from 'react';

interface FormProps extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> {
  /** Called with the form on submit; the page never navigates. Read secrets with `FormData` here. */
  onSubmit(form: HTMLFormElement): void;
  children?: ReactNode;
}

/** A form that handles its own submit: the browser's default (a page load) is always prevented. */
export function Form({ onSubmit, children, ...form }: FormProps) {
  return (
    <form
      {...form}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(e.currentTarget);
      }}
    >
      {children}
    </form>
  );
}
