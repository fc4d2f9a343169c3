/**
 * The settings forms' one button row (issue 29: one form layout): the primary action first, then
 * the secondary ones, each the same small button with the same spacing, on a row of its own under
 * the fields (`.form-actions`, styles/components.css). A panel that is not a form (a read-only
 * panel with one action) uses the same row.
 */
import type { ReactNode } from 'react';

/** One button of the row, or of a table row's cell (`ActionButton`). */
export interface RowAction {
  label: ReactNode;
  testId?: string;
  disabled?: boolean;
  /** Why it does what it does, or why it is disabled. */
  title?: string;
  /** The accessible name when the label alone is ambiguous ("Reset" in a table row). */
  ariaLabel?: string;
  /** Without it (and without `onFile`) the button submits the form the row is in. */
  onClick?: () => void;
  /** Makes the button a file picker: the chosen file, once, then the picker is emptied. */
  onFile?: (file: File) => void;
  /** The file types offered when `onFile` is set. */
  accept?: string;
  /** A quiet button (no border), for an action inside a table row. */
  quiet?: boolean;
}

/** A button from its description: a submit, a click, or a file picker that looks like a button. */
export function ActionButton({ action, primary = false }: { action: RowAction; primary?: boolean }) {
  const className = `btn small${primary ? ' primary' : action.quiet ? ' ghost' : ''}`;
  const { onFile } = action;
  if (onFile) {
    return (
      <label className={className} title={action.title} aria-disabled={action.disabled || undefined}>
        {action.label}
        <input
          type="file"
          accept={action.accept}
          className="sr-only"
          data-testid={action.testId}
          disabled={action.disabled}
          aria-label={action.ariaLabel}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            if (file) onFile(file);
          }}
        />
      </label>
    );
  }
  return (
    <button
      type={action.onClick ? 'button' : 'submit'}
      className={className}
      data-testid={action.testId}
      disabled={action.disabled}
      title={action.title}
      aria-label={action.ariaLabel}
      onClick={action.onClick}
    >
      {action.label}
    </button>
  );
}

interface ButtonRowProps {
  /** The main action (a form's submit when it has no `onClick`), always first. */
  primary?: RowAction;
  /** The others, in this order after it; `null`/`false` leaves one out. */
  secondary?: readonly (RowAction | null | false)[];
  /** After the buttons, announced: what the last action did ("Saved 12 prices."); null: nothing yet. */
  done?: string | null;
  doneTestId?: string;
  /** After the buttons: what else belongs to them (a note on why one is disabled). */
  children?: ReactNode;
}

export function ButtonRow({ primary, secondary = [], done, doneTestId, children }: ButtonRowProps) {
  return (
    <div className="form-actions">
      {primary ? <ActionButton action={primary} primary /> : null}
      {secondary.map((action, i) => (action ? <ActionButton key={i} action={action} /> : null))}
      {done ? (
        <span className="success small" role="status" data-testid={doneTestId}>
          {done}
        </span>
      ) : null}
      {children}
    </div>
  );
}
