import { useState, type ComponentProps } from 'react';
import type { WorkspaceView } from '@shared/contract';
import type { AppError } from '@shared/result';
import { resolveBaseUrl, SANDBOX_BASE_URL_EXAMPLE } from '@shared/workspace-rules';
import { checkWorkspaceName } from '@shared/workspace-names';
import { useWorkspaceList } from '../../state/workspace-store';
import { ErrorBanner } from '../../components/ErrorBanner';
import { ButtonRow, Form, FormField } from '../../components/view-kit';
import { updateWorkspace } from './queries';
import { PageSizesPanel } from './page-sizes/PageSizesPanel';

/** A setting the stored key belongs to: the main side removes the key when it changes, and the label says so. */
function KeyBoundField({ label, ...field }: ComponentProps<typeof FormField> & { label: string }) {
  return (
    <FormField {...field} label={`${label} (changing it removes the key)`} required spellCheck={false} />
  );
}

/**
 * Edits a workspace's name, organization and (sandbox only) base URL with the shared rules. A new
 * base URL or organization makes the main side remove the stored key; its notice is shown here.
 */
export function WorkspaceSettingsForm({
  workspace: w,
  onDone,
}: {
  workspace: WorkspaceView;
  onDone(): void;
}) {
  const names = useWorkspaceList()
    .filter((o) => o.id !== w.id)
    .map((o) => o.name);
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const check = (form: HTMLFormElement) => {
    const data = new FormData(form);
    const name = checkWorkspaceName(String(data.get('name') ?? ''), names, { builtIn: w.builtIn });
    if (!name.ok) return name.error.message;
    if (w.environment === 'sandbox' && !w.builtIn) {
      const url = resolveBaseUrl('sandbox', String(data.get('baseUrl') ?? ''));
      if (!url.ok) return url.error.message;
    }
    return null;
  };

  const submit = async (form: HTMLFormElement) => {
    const data = new FormData(form);
    const text = (k: string) => String(data.get(k) ?? '').trim();
    setBusy(true);
    setError(null);
    setNotice(null);
    const res = await updateWorkspace({
      id: w.id,
      name: text('name'),
      ...(w.builtIn ? {} : { organizationId: text('organizationId') }),
      // A real environment has one base URL: sending empty resets a stored one that broke the rules.
      ...(w.builtIn ? {} : { baseUrl: w.environment === 'sandbox' ? text('baseUrl') : '' }),
    });
    setBusy(false);
    if (!res.ok) return setError(res.error);
    const { keyRemoved } = res.value;
    if (keyRemoved) setNotice(keyRemoved);
    else onDone();
  };

  return (
    <Form
      layout="grid"
      autoComplete="off"
      data-testid="workspace-settings-form"
      onChange={(e) => setProblem(check(e.currentTarget))}
      onSubmit={submit}
    >
      <FormField
        label="Name"
        name="name"
        required
        maxLength={80}
        defaultValue={w.name}
        testId="ws-edit-name"
      />
      {!w.builtIn ? (
        <KeyBoundField
          label="Organization id"
          name="organizationId"
          maxLength={200}
          defaultValue={w.organizationId}
          testId="ws-edit-organization"
        />
      ) : null}
      {w.environment === 'sandbox' && !w.builtIn ? (
        <KeyBoundField
          label="Base URL"
          name="baseUrl"
          maxLength={500}
          defaultValue={w.baseUrl}
          placeholder={SANDBOX_BASE_URL_EXAMPLE}
          testId="ws-edit-base-url"
        />
      ) : null}
      {problem ? (
        <span className="field-error small" data-testid="ws-edit-problem">
          {problem}
        </span>
      ) : null}
      {notice ? (
        <div className="notice" role="status" data-testid="ws-key-removed">
          {notice}
        </div>
      ) : null}
      {error ? <ErrorBanner error={error} testId="ws-edit-error" /> : null}
      <PageSizesPanel workspaceId={w.id} />
      <ButtonRow
        primary={{ label: 'Save', disabled: busy || problem !== null }}
        secondary={[{ label: notice ? 'Close' : 'Cancel', onClick: onDone }]}
      />
    </Form>
  );
}
