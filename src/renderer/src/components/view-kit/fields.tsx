/**
 * The labelled inputs of filter bars and settings forms. Each keeps the markup the tabs always had
 * (`label.field` around the control, `label.checkbox` after it), so styles and accessible names
 * stay; values go in and out as strings.
 */
import type { CSSProperties, InputHTMLAttributes, ReactNode } from 'react';

interface TextFieldProps extends Omit<FormFieldProps, 'value' | 'onChange' | 'name'> {
  value: string;
  onChange(value: string): void;
  name?: string;
  /** Width of the input in px. */
  width?: number;
}

/** A labelled text input whose value the tab keeps (a filter, a draft). */
export function TextField({ width, style, ...field }: TextFieldProps) {
  return <FormField {...field} style={width === undefined ? style : { ...style, width }} />;
}

/** An option: a value shown as itself, or a value with its label. */
export type SelectOption = string | { value: string; label: ReactNode };

interface SelectFieldProps {
  label: ReactNode;
  value: string;
  onChange(value: string): void;
  options: readonly SelectOption[];
  testId?: string;
  /** Label of a first option with the empty value ("Any", "All currencies"). */
  anyLabel?: string;
  className?: string;
  style?: CSSProperties;
  disabled?: boolean;
  /** Form field name, for a form read with `FormData`. */
  name?: string;
}

export function SelectField({
  label,
  value,
  onChange,
  options,
  testId,
  anyLabel,
  ...select
}: SelectFieldProps) {
  return (
    <label className="field">
      {label}
      <select {...select} data-testid={testId} value={value} onChange={(e) => onChange(e.target.value)}>
        {anyLabel !== undefined ? <option value="">{anyLabel}</option> : null}
        {options.map((o) =>
          typeof o === 'string' ? (
            <option key={o} value={o}>
              {o}
            </option>
          ) : (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ),
        )}
      </select>
    </label>
  );
}

interface CheckboxFieldProps {
  label: ReactNode;
  checked: boolean;
  onChange(checked: boolean): void;
  testId?: string;
  disabled?: boolean;
  title?: string;
}

export function CheckboxField({ label, checked, onChange, testId, ...input }: CheckboxFieldProps) {
  return (
    <label className="checkbox">
      <input
        {...input}
        type="checkbox"
        data-testid={testId}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      {label}
    </label>
  );
}

interface JsonTextAreaProps {
  value: string;
  onChange(value: string): void;
  /** The text does not parse or fails its schema. */
  invalid: boolean;
  testId: string;
  /** Accessible name ("Action JSON"). */
  label: string;
}

/** A JSON body the operator edits before it is sent (exchange actions, the LTV dry run). */
export function JsonTextArea({ value, onChange, invalid, testId, label }: JsonTextAreaProps) {
  return (
    <textarea
      className="composer-text"
      data-testid={testId}
      spellCheck={false}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      aria-invalid={invalid}
      aria-label={label}
    />
  );
}

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label: ReactNode;
  /** The form field's name: the value is read with `FormData` at submit. */
  name?: string;
  testId?: string;
  onChange?: (value: string) => void;
  /** What is wrong with the value as typed (null: nothing); shown under the input. */
  problem?: string | null;
  problemTestId?: string;
  /** Shown under the input (a strength meter, a hint). */
  children?: ReactNode;
}

/**
 * A labelled input. In a settings form its value is read at submit, not kept in state (secrets
 * such as a vault passphrase never enter React state this way).
 */
export function FormField(props: FormFieldProps) {
  const { label, testId, onChange, problem, problemTestId, children, ...input } = props;
  return (
    <label className="field">
      {label}
      <input
        {...input}
        data-testid={testId}
        aria-invalid={problem === undefined ? input['aria-invalid'] : problem !== null}
        onChange={onChange ? (e) => onChange(e.currentTarget.value) : undefined}
      />
      {problem ? (
        <span className="field-error small" data-testid={problemTestId}>
          {problem}
        </span>
      ) : null}
      {children}
    </label>
  );
}
