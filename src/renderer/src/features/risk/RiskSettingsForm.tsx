/** The watch's settings for the workspace: interval, reminder period (seconds) and warning band (LTV points). */
import { useState } from 'react';
import type { RiskBoard, RiskSettings } from '@shared/risk';
import { Form, TextField } from '../../components/view-kit';
import { checkRiskNow, configureRisk } from './queries';

/** "60" → 60000; anything that is not a whole number of seconds → null (the field says so). */
function seconds(text: string): number | null {
  return /^\d{1,7}$/.test(text.trim()) ? Number(text.trim()) * 1000 : null;
}

export function RiskSettingsForm({ workspaceId, board }: { workspaceId: string; board: RiskBoard | null }) {
  if (!board) return null;
  // Keyed by the saved settings: the fields start from them again whenever they change.
  const { settings } = board;
  return <SettingsFields key={JSON.stringify(settings)} workspaceId={workspaceId} settings={settings} />;
}

function SettingsFields({ workspaceId, settings }: { workspaceId: string; settings: RiskSettings }) {
  const [interval, setInterval_] = useState(String(settings.intervalMs / 1000));
  const [reminder, setReminder] = useState(String(settings.reminderMs / 1000));
  const [points, setPoints] = useState(settings.warningPoints);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    const intervalMs = seconds(interval);
    const reminderMs = seconds(reminder);
    if (intervalMs === null) return setError('Interval: enter whole seconds, such as 60.');
    if (reminderMs === null) return setError('Reminder: enter whole seconds, such as 21600 (6 hours).');
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
    <Form
      className="risk-settings"
      data-testid="risk-settings"
      onSubmit={save}
      style={{ display: 'contents' }}
    >
      <TextField
        label="Check every (s)"
        testId="risk-interval"
        size={6}
        value={interval}
        onChange={setInterval_}
      />
      <TextField
        label="Remind every (s)"
        testId="risk-reminder"
        size={7}
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
      <button type="submit" className="btn small" data-testid="risk-save-settings" disabled={busy}>
        Save
      </button>
      <button
        type="button"
        className="btn small"
        data-testid="risk-check-now"
        disabled={busy}
        onClick={() => void checkNow()}
      >
        Check now
      </button>
      {error ? (
        <span className="field-error" role="alert" data-testid="risk-settings-error">
          {error}
        </span>
      ) : null}
    </Form>
  );
}
