import { useState, type FormEvent } from 'react';
import type { WebhookVerification, WorkspaceView } from '@shared/contract';
import type { AppError } from '@shared/result';
import { useWorkspaceList } from '../../state/workspace-store';
import { ErrorBanner } from '../../components/ErrorBanner';
import { IdText } from '../../components/CopyButton';
import { Timestamp } from '../../components/Timestamp';
import { FieldList, SelectField, TextField } from '../../components/view-kit';
import { VerdictBadge } from './columns';
import { verifyWebhook } from './queries';

export interface VerifyDraft {
  signature: string;
  timestamp: string;
  xId: string;
  body: string;
}

export const EMPTY_DRAFT: VerifyDraft = { signature: '', timestamp: '', xId: '', body: '' };

const HEADER_FIELDS: { field: keyof VerifyDraft; label: string; testId: string; maxLength: number }[] = [
  { field: 'signature', label: 'X-Signature', testId: 'verify-signature', maxLength: 500 },
  { field: 'timestamp', label: 'X-Timestamp (epoch ms)', testId: 'verify-timestamp', maxLength: 100 },
  { field: 'xId', label: 'X-Id (optional)', testId: 'verify-id', maxLength: 500 },
];

/** "X-Signature: …" lines (as copied from a log or a proxy) → the fields they name. */
export function parseHeaderLines(text: string): Partial<VerifyDraft> {
  const out: Partial<VerifyDraft> = {};
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*(?:-H\s*['"]?)?([A-Za-z-]+)\s*:\s*(.*?)['"]?\s*\\?\s*$/.exec(line);
    if (!m?.[1]) continue;
    const name = m[1].toLowerCase();
    const value = m[2] ?? '';
    if (name === 'x-signature') out.signature = value;
    else if (name === 'x-timestamp') out.timestamp = value;
    else if (name === 'x-id') out.xId = value;
  }
  return out;
}

/**
 * Checks a delivery captured elsewhere against a workspace's key, on the main side, with the code
 * the receiver uses; so both always agree on the same bytes.
 */
export function VerifyPane({ workspace, initial }: { workspace: WorkspaceView; initial: VerifyDraft }) {
  const workspaces = useWorkspaceList();
  const [workspaceId, setWorkspaceId] = useState(workspace.id);
  const [draft, setDraft] = useState<VerifyDraft>(initial);
  const [pasted, setPasted] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<WebhookVerification | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const set = (patch: Partial<VerifyDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setResult(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setResult(null);
    const res = await verifyWebhook({
      workspaceId,
      headers: {
        'X-Signature': draft.signature.trim(),
        'X-Timestamp': draft.timestamp.trim(),
        ...(draft.xId.trim() ? { 'X-Id': draft.xId.trim() } : {}),
      },
      body: draft.body,
    });
    setBusy(false);
    if (res.ok) setResult(res.value);
    else setError(res.error);
  };

  return (
    <form className="card verify-pane" data-testid="webhook-verify" onSubmit={(e) => void submit(e)}>
      <h3>Verify a delivery</h3>
      <p className="note">
        Paste the headers and the exact body of a delivery captured elsewhere (for example by a production
        receiver). The verdict uses the chosen workspace&apos;s key on the main side; the key never reaches
        this window, and the body is not stored.
      </p>
      <div className="form-grid">
        <SelectField
          label="Workspace (whose key)"
          testId="verify-workspace"
          value={workspaceId}
          options={workspaces.map((w) => ({ value: w.id, label: `${w.name} — ${w.environment}` }))}
          onChange={(id) => {
            setWorkspaceId(id);
            setResult(null);
          }}
        />
        <label className="field">
          Paste header lines (optional)
          <textarea
            data-testid="verify-headers-paste"
            rows={2}
            value={pasted}
            placeholder={'X-Signature: …\nX-Timestamp: …'}
            onChange={(e) => {
              setPasted(e.target.value);
              set(parseHeaderLines(e.target.value));
            }}
          />
        </label>
        {HEADER_FIELDS.map(({ field, label, testId, maxLength }) => (
          <TextField
            key={field}
            label={label}
            className="mono"
            testId={testId}
            value={draft[field]}
            onChange={(v) => set({ [field]: v })}
            maxLength={maxLength}
          />
        ))}
      </div>
      <label className="field">
        Body (exactly as received)
        <textarea
          className="mono"
          data-testid="verify-body"
          rows={8}
          value={draft.body}
          spellCheck={false}
          onChange={(e) => set({ body: e.target.value })}
        />
      </label>
      <div className="actions-row">
        <button type="submit" className="btn primary" data-testid="verify-submit" disabled={busy}>
          {busy ? 'Verifying…' : 'Verify'}
        </button>
        <button
          type="button"
          className="btn"
          onClick={() => {
            setDraft(EMPTY_DRAFT);
            setPasted('');
            setResult(null);
          }}
        >
          Clear
        </button>
      </div>
      {error ? <ErrorBanner error={error} testId="verify-error" /> : null}
      {result ? (
        <div className="verify-result" data-testid="verify-result" data-verdict={result.verdict}>
          <div className="actions-row">
            <VerdictBadge verdict={result.verdict} reason={result.reason} />
            <span data-testid="verify-reason">{result.reason}</span>
          </div>
          <FieldList
            variant="table"
            fields={[
              { label: 'Event', value: result.event ?? '—' },
              { label: 'Event id', value: <IdText value={result.eventId} /> },
              { label: 'Subscription', value: <IdText value={result.subscriptionId} /> },
              { label: 'Timestamp', value: <Timestamp value={result.timestamp} /> },
            ]}
          />
        </div>
      ) : null}
    </form>
  );
}
