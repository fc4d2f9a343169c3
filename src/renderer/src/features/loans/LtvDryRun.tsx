import { useEffect, useRef, useState } from 'react';
import type { WorkspaceView } from '@shared/contract';
import { freeJsonBody } from '@shared/ltv-reads';
import type { AppError } from '@shared/result';
import { ErrorBanner } from '../../components/ErrorBanner';
import { JsonBlock } from '../../components/JsonBlock';
import { ReadPreview } from '../../components/actions/ReadPreview';
import { ltvDryRun, previewLtvDryRun } from '../../components/actions/queries';
import { Form, JsonEditor, parseJsonText } from '../../components/view-kit';

/**
 * The starting point of the dry run's body. The specification does not show the body's fields
 * (platform-api.md, "PATCH /organizations/{organizationId}/loans"); these are the names the local
 * sandbox reads (docs/sandbox.md). Against the real platform, edit them to what it expects: the
 * console sends exactly the JSON below, and shows it before it is sent.
 */
export const LTV_DRY_RUN_TEMPLATE = {
  loanAmount: '100000',
  loanCurrency: 'USDC',
  collaterals: [{ amount: '3', currency: 'BTC' }],
  targetLtv: '0.5',
  collateralCurrency: 'BTC',
};

type Check = { ok: true; body: Record<string, unknown> } | { ok: false; message: string };

function parseBody(text: string): Check {
  const check = parseJsonText(text, freeJsonBody, () => 'The body must be one JSON object of at most 16 KB.');
  return check.ok ? { ok: true, body: check.value } : check;
}

/**
 * The platform's LTV dry run, with a body the operator sees and edits before it is sent: a read
 * (`loans.ltvDryRun`), sent once per click, not journalled; its exact request shows below the body.
 */
export function LtvDryRun({ workspace, onClose }: { workspace: WorkspaceView; onClose(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [text, setText] = useState(() => JSON.stringify(LTV_DRY_RUN_TEMPLATE, null, 2));
  const [answer, setAnswer] = useState<{ sent: string; value: unknown } | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);
  const check = parseBody(text);

  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);

  const run = async () => {
    if (!check.ok) return;
    setBusy(true);
    setError(null);
    setAnswer(null);
    const res = await ltvDryRun(workspace.id, { body: check.body });
    setBusy(false);
    if (!res.ok) setError(res.error);
    else setAnswer({ sent: res.value.sent.body, value: res.value.answer });
  };

  return (
    <dialog
      ref={ref}
      className="export-dialog"
      data-testid="ltv-dry-run"
      onCancel={onClose}
      onClose={onClose}
    >
      <h2>LTV calculator (dry run)</h2>
      <p className="small muted">
        The specification does not show this request's fields. The body starts from the template the local
        sandbox reads; edit it to what your platform expects. It is sent exactly as written, once, and changes
        nothing.
      </p>
      <Form onSubmit={run}>
        <JsonEditor
          testId="dry-body"
          value={text}
          onChange={setText}
          label="Dry-run body (JSON)"
          problem={check.ok ? null : check.message}
          problemTestId="dry-body-error"
        >
          <button
            type="button"
            className="btn small"
            onClick={() => setText(JSON.stringify(LTV_DRY_RUN_TEMPLATE, null, 2))}
          >
            Reset to template
          </button>
          <span className="topbar-spacer" />
          <button type="submit" className="btn primary" disabled={busy || !check.ok} data-testid="dry-submit">
            {busy ? 'Calculating…' : 'Calculate'}
          </button>
        </JsonEditor>
      </Form>
      <ReadPreview
        preview={check.ok ? previewLtvDryRun(workspace, { body: check.body }) : null}
        testId="dry-request"
      />
      {error ? <ErrorBanner error={error} testId="dry-error" /> : null}
      {answer ? (
        <div data-testid="dry-result" className="card">
          <JsonBlock value={answer.value} />
          <details>
            <summary className="small">What was sent</summary>
            <pre className="mono small">{answer.sent}</pre>
          </details>
        </div>
      ) : null}
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
      </div>
    </dialog>
  );
}
