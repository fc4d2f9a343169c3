import { useState } from 'react';
import type { WorkspaceView } from '@shared/contract';
import { ENVIRONMENTS, type Environment } from '@shared/platform/enums';
import type { AppError } from '@shared/result';
import { DEFAULT_BASE_URLS, resolveBaseUrl, SANDBOX_BASE_URL_EXAMPLE } from '@shared/workspace-rules';
import { checkWorkspaceName } from '@shared/workspace-names';
import { useWorkspaceList } from '../../state/workspace-store';
import { ErrorBanner } from '../../components/ErrorBanner';
import { ButtonRow, Form, FormField, SelectField } from '../../components/view-kit';
import { createWorkspace, setWorkspaceKey } from './queries';

/**
 * New workspace. The API secret is read from the form only at submit (FormData), the field is
 * cleared at once, and it goes straight to `keychain.setKey`: it never enters React state, a
 * store, localStorage or a log.
 */
export function AddWorkspaceForm({ onCreated }: { onCreated(view: WorkspaceView): void }) {
  const [environment, setEnvironment] = useState<Environment>('demo');
  const [error, setError] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);
  const [nameProblem, setNameProblem] = useState<string | null>(null);
  const [baseUrlProblem, setBaseUrlProblem] = useState<string | null>(null);
  const takenNames = useWorkspaceList().map((w) => w.name);

  const submit = async (form: HTMLFormElement) => {
    const data = new FormData(form);
    const text = (k: string) => String(data.get(k) ?? '').trim();
    const apiKey = text('apiKey');
    const apiSecret = String(data.get('apiSecret') ?? '');
    // Forget the secret in the DOM before anything else can go wrong.
    const secretInput = form.elements.namedItem('apiSecret');
    if (secretInput instanceof HTMLInputElement) secretInput.value = '';
    setBusy(true);
    setError(null);
    // Real environments are pinned to the platform's own base URL: nothing to send.
    const baseUrl = environment === 'sandbox' ? text('baseUrl') : '';
    const created = await createWorkspace({
      name: text('name'),
      environment,
      organizationId: text('organizationId'),
      ...(baseUrl ? { baseUrl } : {}),
    });
    if (!created.ok) {
      setBusy(false);
      setError(created.error);
      return;
    }
    let view = created.value;
    if (apiKey && apiSecret) {
      const key = await setWorkspaceKey(view.id, apiKey, apiSecret);
      if (!key.ok) {
        setError({
          ...key.error,
          message: `Workspace created, but the key was not stored: ${key.error.message}`,
        });
      } else {
        view = { ...view, keyConfigured: true };
      }
    }
    setBusy(false);
    form.reset();
    onCreated(view);
  };

  return (
    <section className="add-workspace">
      <h3>Add workspace</h3>
      <Form
        layout="grid"
        data-testid="add-workspace-form"
        aria-label="Add workspace"
        autoComplete="off"
        help="The secret is sent once to the key store and never shown or kept by this window."
        onSubmit={submit}
      >
        <SelectField
          label="Environment"
          name="environment"
          testId="ws-environment"
          value={environment}
          options={ENVIRONMENTS}
          onChange={(env) => {
            setEnvironment(env as Environment);
            setBaseUrlProblem(null);
          }}
        />
        <FormField
          label="Name"
          name="name"
          required
          maxLength={80}
          testId="ws-name"
          placeholder="e.g. Fund A — treasury"
          problem={nameProblem}
          problemTestId="ws-name-problem"
          onChange={(value) => {
            const checked = value.trim() === '' ? null : checkWorkspaceName(value, takenNames);
            setNameProblem(checked && !checked.ok ? checked.error.message : null);
          }}
        />
        <FormField
          label="Organization id"
          name="organizationId"
          required
          maxLength={200}
          testId="ws-organization"
          spellCheck={false}
        />
        {environment === 'sandbox' ? (
          <FormField
            label="Base URL (this machine only)"
            name="baseUrl"
            required
            maxLength={500}
            testId="ws-base-url"
            spellCheck={false}
            placeholder={SANDBOX_BASE_URL_EXAMPLE}
            problem={baseUrlProblem}
            problemTestId="ws-base-url-problem"
            onChange={(value) => {
              const checked = value.trim() === '' ? null : resolveBaseUrl('sandbox', value);
              setBaseUrlProblem(checked && !checked.ok ? checked.error.message : null);
            }}
          />
        ) : (
          <div className="field">
            Base URL
            <span className="mono small" data-testid="ws-base-url-pinned">
              {DEFAULT_BASE_URLS[environment]}
            </span>
            <span className="muted small">
              Fixed: keys for {environment} only ever go to the platform itself.
            </span>
          </div>
        )}
        <label className="field">
          API key
          <input
            name="apiKey"
            maxLength={500}
            data-testid="ws-api-key"
            spellCheck={false}
            autoComplete="off"
          />
        </label>
        <label className="field">
          API secret
          <input
            name="apiSecret"
            type="password"
            maxLength={2000}
            data-testid="ws-api-secret"
            autoComplete="new-password"
          />
        </label>
        {environment === 'production' ? (
          <div className="notice">
            Production: every action in this workspace moves real funds and asks for typed confirmation.
          </div>
        ) : null}
        {error ? <ErrorBanner error={error} testId="add-workspace-error" /> : null}
        <ButtonRow
          primary={{
            label: busy ? 'Creating…' : 'Create workspace',
            testId: 'ws-submit',
            disabled: busy || nameProblem !== null || (environment === 'sandbox' && baseUrlProblem !== null),
          }}
        />
      </Form>
    </section>
  );
}
