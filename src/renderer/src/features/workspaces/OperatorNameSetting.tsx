import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { operatorNameProblem } from '@shared/contract';
import type { AppError } from '@shared/result';
import { ErrorBanner } from '../../components/ErrorBanner';
import { Form, FormField } from '../../components/view-kit';
import { toAppError } from '../../state/query-client';
import { operatorNameQuery, saveOperatorName } from './queries';
import './operator-name.css';

/**
 * The operator name the journal records as who acted, app-wide. Empty means the default, the OS
 * account name; the rule (1-100 printable characters) is the main side's, shown here as typed.
 */
export function OperatorNameSetting() {
  const query = useQuery(operatorNameQuery);
  const [draft, setDraft] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const view = query.data;
  const typed = draft ?? view?.name ?? '';
  const problem = typed.trim() === '' ? null : operatorNameProblem(typed);

  const save = async (name: string | null) => {
    setBusy(true);
    setError(null);
    setSaved(null);
    const res = await saveOperatorName(name);
    setBusy(false);
    if (!res.ok) return setError(res.error);
    setDraft(null);
    setSaved(`The journal now records “${res.value.effective}” as the operator.`);
  };

  return (
    <section className="operator-name-setting" data-testid="operator-name-setting">
      <h3>Operator</h3>
      {query.status === 'error' ? <ErrorBanner error={toAppError(query.error)} /> : null}
      <Form
        className="operator-name-form"
        onSubmit={() => (problem ? undefined : save(typed.trim() === '' ? null : typed))}
      >
        <FormField
          label={
            <span>
              Operator name (recorded in the journal; default: your OS account name{' '}
              <span className="mono" data-testid="operator-name-default">
                {view?.accountName ?? '…'}
              </span>
              )
            </span>
          }
          testId="operator-name-input"
          value={typed}
          maxLength={400}
          placeholder={view?.accountName ?? ''}
          autoComplete="off"
          spellCheck={false}
          onChange={(value) => {
            setDraft(value);
            setSaved(null);
          }}
          problem={problem}
          problemTestId="operator-name-problem"
        />
        <p className="muted small" data-testid="operator-name-effective">
          {view ? `Recorded as: ${view.effective}` : 'Reading…'}
        </p>
        <div className="filters-actions">
          <button
            type="submit"
            className="btn small primary"
            data-testid="operator-name-save"
            disabled={busy || !view || problem !== null || typed.trim() === (view.name ?? '')}
          >
            Save name
          </button>
          <button
            type="button"
            className="btn small"
            data-testid="operator-name-reset"
            disabled={busy || !view || view.name === null}
            onClick={() => void save(null)}
          >
            Use the OS account name
          </button>
        </div>
      </Form>
      {saved ? (
        <p className="success small" data-testid="operator-name-saved" role="status">
          {saved}
        </p>
      ) : null}
      {error ? <ErrorBanner error={error} testId="operator-name-error" /> : null}
    </section>
  );
}
