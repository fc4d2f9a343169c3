import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { operatorNameProblem } from '@shared/contract';
import type { AppError } from '@shared/result';
import { ErrorBanner } from '../../components/ErrorBanner';
import { ButtonRow, Form, FormField } from '../../components/view-kit';
import { toAppError } from '../../state/query-client';
import { operatorNameQuery, saveOperatorName } from './queries';

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
        layout="grid"
        aria-label="Operator"
        help={
          <>
            The name the journal records as who acted. Empty: your OS account name,{' '}
            <span className="mono" data-testid="operator-name-default">
              {view?.accountName ?? '…'}
            </span>
            .
          </>
        }
        onSubmit={() => (problem ? undefined : save(typed.trim() === '' ? null : typed))}
      >
        <FormField
          label="Operator name"
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
        <ButtonRow
          primary={{
            label: 'Save name',
            testId: 'operator-name-save',
            disabled: busy || !view || problem !== null || typed.trim() === (view.name ?? ''),
          }}
          secondary={[
            {
              label: 'Use the OS account name',
              testId: 'operator-name-reset',
              disabled: busy || !view || view.name === null,
              onClick: () => void save(null),
            },
          ]}
          done={saved}
          doneTestId="operator-name-saved"
        />
      </Form>
      {error ? <ErrorBanner error={error} testId="operator-name-error" /> : null}
    </section>
  );
}
