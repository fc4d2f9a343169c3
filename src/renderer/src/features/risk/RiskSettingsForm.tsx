/**
 * The watch's settings for the workspace: how often it checks and reminds, each typed with its unit
 * ("Remind every 6 hours", issue 28), and the warning band (LTV points). The contract stays in ms.
 */
import { useState } from 'react';
import {
  MAX_REMINDER_MS,
  MAX_WATCH_INTERVAL_MS,
  MIN_REMINDER_MS,
  MIN_WATCH_INTERVAL_MS,
  type RiskBoard,
  type RiskSettings,
} from '@shared/risk';
import { ButtonRow, DurationField, Form, TextField, type Duration } from '../../components/view-kit';
import {
  DURATION_UNIT_NAMES,
  durationMs,
  formatDuration,
  splitDuration,
  type DurationUnit,
} from '../../lib/time';
import { checkRiskNow, configureRisk } from './queries';
import './risk-board.css';

const INTERVAL_UNITS: readonly DurationUnit[] = ['s', 'min'];
const REMINDER_UNITS: readonly DurationUnit[] = ['s', 'min', 'h'];

export function RiskSettingsForm({ workspaceId, board }: { workspaceId: string; board: RiskBoard | null }) {
  if (!board) return null;
  // Keyed by the saved settings: the fields start from them again whenever they change.
  const { settings } = board;
  return <SettingsFields key={JSON.stringify(settings)} workspaceId={workspaceId} settings={settings} />;
}

/** The ms of a typed duration within bounds, or the message that says what to type. */
function readDuration(name: string, d: Duration, min: number, max: number): number | string {
  const ms = durationMs(d.amount, d.unit);
  const range = `between ${formatDuration(min)} and ${formatDuration(max)}`;
  if (ms === null) return `${name}: enter a whole number of ${DURATION_UNIT_NAMES[d.unit]}, ${range}.`;
  if (ms < min || ms > max) return `${name}: must be ${range}.`;
  return ms;
}

function SettingsFields({ workspaceId, settings }: { workspaceId: string; settings: RiskSettings }) {
  const [interval, setInterval_] = useState<Duration>(() =>
    splitDuration(settings.intervalMs, INTERVAL_UNITS),
  );
  const [reminder, setReminder] = useState<Duration>(() =>
    splitDuration(settings.reminderMs, REMINDER_UNITS),
  );
  const [points, setPoints] = useState(settings.warningPoints);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    const intervalMs = readDuration('Check every', interval, MIN_WATCH_INTERVAL_MS, MAX_WATCH_INTERVAL_MS);
    const reminderMs = readDuration('Remind every', reminder, MIN_REMINDER_MS, MAX_REMINDER_MS);
    if (typeof intervalMs === 'string') return setError(intervalMs);
    if (typeof reminderMs === 'string') return setError(reminderMs);
    setBusy(true);
    const res = await configureRisk(workspaceId, { intervalMs, reminderMs, warningPoints: points.trim() });
    setBusy(false);
    if (!res.ok) return setError(res.error.message);
    setError(null);
  };
  const checkNow = async () => {
    setBusy(true);
    const res = await checkRiskNow(workspaceId);
    setBusy(false);
    if (!res.ok) return setError(res.error.message);
  };

  return (
    <Form layout="row" data-testid="risk-settings" aria-label="Watch settings" onSubmit={save}>
      <DurationField
        label="Check every"
        testId="risk-interval"
        units={INTERVAL_UNITS}
        value={interval}
        onChange={setInterval_}
      />
      <DurationField
        label="Remind every"
        testId="risk-reminder"
        units={REMINDER_UNITS}
        value={reminder}
        onChange={setReminder}
      />
      <TextField
        label="Warning band (LTV points)"
        title="Warn this many LTV points before the margin-call threshold"
        testId="risk-warning-points"
        size={4}
        value={points}
        onChange={setPoints}
      />
      <ButtonRow
        primary={{ label: 'Save', testId: 'risk-save-settings', disabled: busy }}
        secondary={[
          { label: 'Check now', testId: 'risk-check-now', disabled: busy, onClick: () => void checkNow() },
        ]}
      />
      {error ? (
        <span className="field-error" role="alert" data-testid="risk-settings-error">
          {error}
        </span>
      ) : null}
    </Form>
  );
}
