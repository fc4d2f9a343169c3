import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ConnectionTest, WorkspaceView } from '@shared/contract';
import type { AppError } from '@shared/result';
import { activate } from '../../state/workspace-store';
import { Badge } from '../../components/Badge';
import { IdText } from '../../components/CopyButton';
import { ErrorBanner } from '../../components/ErrorBanner';
import { ButtonRow, Form, FormField } from '../../components/view-kit';
import { keyState, type KeyState } from '../../components/vault/key-state';
import { VaultLockedInline } from '../../components/vault/VaultLocked';
import { keychainStatusQuery } from '../../state/queries';
import { baseUrlProblem } from '@shared/workspace-rules';
import { connectionFailureReason, connectionSummary } from './connection';
import { WorkspaceSettingsForm } from './WorkspaceSettingsForm';
import { PriceSheetPanel } from './PriceSheetPanel';
import { removeWorkspace, setWorkspaceKey, testConnection } from './queries';

type TestState =
  | { kind: 'idle' }
  | { kind: 'running' }
  | { kind: 'ok'; result: ConnectionTest }
  | { kind: 'failed'; error: AppError };

/** One workspace: what it points at, whether a key is configured, and a connection test. */
export function WorkspaceCard({ workspace: w, active }: { workspace: WorkspaceView; active: boolean }) {
  const [test, setTest] = useState<TestState>({ kind: 'idle' });
  const [settingKey, setSettingKey] = useState(false);
  const [keyError, setKeyError] = useState<AppError | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [editing, setEditing] = useState(false);
  // The same rule the main side applies before sending: a stored URL it refuses is shown here.
  const urlProblem = baseUrlProblem(w);
  // "No key" and "the vault is locked" are different answers (issue 29.4).
  const key = keyState(w, useQuery(keychainStatusQuery).data);
  const keyBlocked = KEY_BLOCKED[key];

  const runTest = async () => {
    setTest({ kind: 'running' });
    const res = await testConnection(w.id);
    setTest(res.ok ? { kind: 'ok', result: res.value } : { kind: 'failed', error: res.error });
  };

  const saveKey = async (form: HTMLFormElement) => {
    const data = new FormData(form);
    const apiKey = String(data.get('apiKey') ?? '').trim();
    const apiSecret = String(data.get('apiSecret') ?? '');
    form.reset();
    setKeyError(null);
    const res = await setWorkspaceKey(w.id, apiKey, apiSecret);
    if (!res.ok) {
      setKeyError(res.error);
      return;
    }
    setSettingKey(false);
  };

  const remove = async () => {
    const res = await removeWorkspace(w.id);
    if (!res.ok) setKeyError(res.error);
  };

  return (
    <article
      className={`card ws-card env-${w.environment}`}
      data-testid="workspace-card"
      data-workspace-id={w.id}
    >
      <h3>
        <span className={`env-pill env-${w.environment}`}>{w.environment.toUpperCase()}</span> {w.name}
        {active ? <Badge value="active" label="current" /> : null}
        {w.builtIn ? <Badge value="built-in" tone="info" /> : null}
      </h3>
      <dl className="kv">
        <dt>Organization</dt>
        <dd>
          <IdText value={w.organizationId} />
        </dd>
        <dt>Base URL</dt>
        <dd className="mono small">{w.baseUrl}</dd>
        {urlProblem ? (
          <dd className="error-banner small" role="alert" data-testid="base-url-problem">
            {urlProblem}
          </dd>
        ) : null}
        <dt>API key</dt>
        <dd data-testid="key-status" data-key-state={key}>
          <KeyStatus state={key} />
        </dd>
      </dl>
      {key === 'vault-locked' ? <VaultLockedInline testId="card-vault-locked" /> : null}
      <div className="actions-row">
        {!active ? (
          <button type="button" className="btn small" onClick={() => void activate(w.id)}>
            Switch to
          </button>
        ) : null}
        <button
          type="button"
          className="btn small"
          data-testid="test-connection"
          disabled={test.kind === 'running'}
          onClick={() => void runTest()}
        >
          {test.kind === 'running' ? 'Testing…' : 'Test connection'}
        </button>
        <button
          type="button"
          className="btn small"
          data-testid="edit-workspace"
          onClick={() => setEditing((v) => !v)}
        >
          Settings
        </button>
        {!w.builtIn ? (
          <button
            type="button"
            className="btn small"
            data-testid="set-key"
            disabled={keyBlocked !== null}
            aria-describedby={keyBlocked ? `set-key-why-${w.id}` : undefined}
            onClick={() => setSettingKey((s) => !s)}
          >
            {w.keyConfigured ? 'Replace key' : 'Set key'}
          </button>
        ) : null}
        {!w.builtIn ? (
          confirmRemove ? (
            <>
              <button
                type="button"
                className="btn small danger"
                data-testid="remove-confirm"
                onClick={() => void remove()}
              >
                Remove “{w.name}” and its key
              </button>
              <button type="button" className="btn small" onClick={() => setConfirmRemove(false)}>
                Keep
              </button>
            </>
          ) : (
            <button
              type="button"
              className="btn small ghost"
              data-testid="remove-workspace"
              onClick={() => setConfirmRemove(true)}
            >
              Remove…
            </button>
          )
        ) : null}
      </div>
      {keyBlocked && !w.builtIn ? (
        <p className="small" id={`set-key-why-${w.id}`} data-testid="set-key-why">
          {keyBlocked}
        </p>
      ) : null}
      {test.kind === 'ok' ? (
        <div className="success" data-testid="connection-ok">
          {connectionSummary(test.result)}
        </div>
      ) : null}
      {test.kind === 'failed' ? (
        <div
          className="error-banner"
          role="alert"
          data-testid="connection-failed"
          data-code={test.error.code}
        >
          <div className="error-text">
            <strong>{connectionFailureReason(test.error)}</strong>
            <span className="error-message">{test.error.message}</span>
            <span className="muted small">
              {test.error.code}
              {test.error.status !== undefined ? ` · HTTP ${test.error.status}` : ''}
            </span>
          </div>
        </div>
      ) : null}
      {editing ? <WorkspaceSettingsForm workspace={w} onDone={() => setEditing(false)} /> : null}
      <PriceSheetPanel workspaceId={w.id} />
      {settingKey && keyBlocked === null ? (
        <Form layout="grid" autoComplete="off" data-testid="set-key-form" onSubmit={saveKey}>
          <FormField
            label="API key"
            name="apiKey"
            required
            maxLength={500}
            spellCheck={false}
            autoComplete="off"
          />
          <FormField
            label="API secret"
            name="apiSecret"
            type="password"
            required
            maxLength={2000}
            autoComplete="new-password"
          />
          <ButtonRow primary={{ label: 'Store key' }} />
        </Form>
      ) : null}
      {/* The shared banner: the hint (what to do next) and the code, not the message alone. */}
      {keyError ? <ErrorBanner error={keyError} testId="key-error" /> : null}
    </article>
  );
}

/** Why Set key is not offered now, or null when it is. */
const KEY_BLOCKED: Record<KeyState, string | null> = {
  configured: null,
  missing: null,
  unknown: null,
  'vault-locked':
    'Set key is disabled while the vault is locked: a key stored in it may exist. Unlock the vault first.',
  'no-store': 'Set key needs somewhere to keep the key: create the encrypted vault first (Key storage).',
};

function KeyStatus({ state }: { state: KeyState }) {
  switch (state) {
    case 'configured':
      return <Badge value="ok" label="key configured" />;
    case 'missing':
      return <Badge value="pending" label="no key" />;
    case 'vault-locked':
      return (
        <Badge
          value="vault locked"
          tone="warn"
          label="vault locked: key not readable"
          title="Whether the vault holds this workspace's key cannot be told until it is unlocked."
        />
      );
    case 'no-store':
      return <Badge value="pending" label="no key (no key storage yet)" />;
    case 'unknown':
      return <span className="muted">checking…</span>;
  }
}
