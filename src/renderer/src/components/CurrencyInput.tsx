import { useId } from 'react';

interface CurrencyInputProps {
  value: string;
  onChange(value: string): void;
  /** The currencies offered (the workspace's, the loan's); any other code can still be typed. */
  currencies: readonly string[];
  /** The accessible name ("Collateral 1 currency"). */
  label: string;
  testId?: string;
  placeholder?: string;
  width?: number;
  invalid?: boolean;
  disabled?: boolean;
}

/**
 * A currency code picked from those the console knows, or typed: a text input with the known codes
 * as suggestions (the platform's list is not published, so a code it knows and the console does not
 * must stay possible).
 */
export function CurrencyInput({
  value,
  onChange,
  currencies,
  label,
  testId,
  placeholder = 'BTC',
  width = 90,
  invalid,
  disabled,
}: CurrencyInputProps) {
  const listId = useId();
  return (
    <>
      <input
        className="input"
        style={{ width }}
        list={listId}
        aria-label={label}
        data-testid={testId}
        placeholder={placeholder}
        value={value}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={invalid}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      />
      <datalist id={listId}>
        {currencies.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
    </>
  );
}

/** The codes among `values` that are non-empty text, once each, sorted. */
export function currencyList(values: Iterable<unknown>): string[] {
  const out = new Set<string>();
  for (const v of values) if (typeof v === 'string' && v.trim() !== '') out.add(v.trim());
  return [...out].sort();
}
