/**
 * A duration typed as a whole number and its unit (issue 28: "Remind every 6 hours"), one labelled
 * pair of controls in the settings forms' layout: the risk watch's intervals, the price sheet's
 * staleness. The unit's label is read by screen readers only; the number's label names both.
 */
import { DURATION_UNIT_NAMES, type DurationUnit } from '../../lib/time';
import { SelectField, TextField } from './fields';

export interface Duration {
  amount: string;
  unit: DurationUnit;
}

interface DurationFieldProps {
  label: string;
  /** The number's test id; the unit's is `unitTestId`, or this one with `-unit`. */
  testId: string;
  unitTestId?: string;
  units: readonly DurationUnit[];
  value: Duration;
  onChange(value: Duration): void;
  /** What is wrong with the duration as typed (null: nothing); shown under the pair. */
  problem?: string | null;
}

export function DurationField({
  label,
  testId,
  unitTestId,
  units,
  value,
  onChange,
  problem,
}: DurationFieldProps) {
  return (
    <span className="duration-field">
      <TextField
        label={label}
        testId={testId}
        size={5}
        inputMode="numeric"
        value={value.amount}
        onChange={(amount) => onChange({ ...value, amount })}
        aria-invalid={problem ? true : undefined}
      />
      <SelectField
        label={<span className="sr-only">{label}: unit</span>}
        testId={unitTestId ?? `${testId}-unit`}
        value={value.unit}
        options={units.map((u) => ({ value: u, label: DURATION_UNIT_NAMES[u] }))}
        onChange={(unit) => onChange({ ...value, unit: units.find((u) => u === unit) ?? value.unit })}
      />
      {problem ? (
        <span className="field-error small" data-testid={`${testId}-problem`}>
          {problem}
        </span>
      ) : null}
    </span>
  );
}
