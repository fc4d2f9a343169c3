import './updates.css';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateState } from '@shared/contract';
import { ErrorBanner } from '../ErrorBanner';
import { ButtonRow } from '../view-kit/ButtonRow';
import { toAppError } from '../../state/query-client';
import { checkForUpdate, updateStatusQuery } from './queries';
import { useUpdateBusy } from './use-update-busy';

const STATE_TEXT: Record<UpdateState, string> = {
  off: 'Off: your administrator has set no update feed, nothing is checked.',
  idle: 'Not checked yet.',
  checking: 'Checking…',
  'up-to-date': 'Up to date.',
  downloading: 'Downloading…',
  ready: 'A verified update is ready to install.',
  refused: 'The downloaded update was refused and deleted.',
  error: 'The last check failed.',
  unsupported: 'Updates apply to the installed desktop app only.',
};

/**
 * Updates, read-only: the administrator's policy (feed, automatic checks, production consent) and
 * the state, with "Check now". Installing is offered by UpdateBanner once an update is verified.
 */
export function UpdateSettings() {
  const status = useQuery(updateStatusQuery).data;
  const check = useMutation(checkForUpdate(useQueryClient()));
  const busy = useUpdateBusy();
  if (status === undefined) return null;
  const { policy } = status;
  return (
    <section className="card update-settings" data-testid="update-settings">
      <h3>Updates</h3>
      <p className="form-help">
        Your administrator sets the feed and automatic updates in the policy file. Every update must carry
        Copper Operator&apos;s signature before it can be installed.
      </p>
      <p className="muted small" data-testid="update-state">
        Version {status.currentVersion}. {STATE_TEXT[status.state]}
        {status.message && status.message !== policy.problem ? ` ${status.message}` : ''}
      </p>
      {policy.problem ? (
        <div className="notice" role="alert" data-testid="update-policy-problem">
          The update policy was refused, so updates are off: {policy.problem}
        </div>
      ) : null}
      <dl className="update-policy" data-testid="update-policy">
        <dt>Feed</dt>
        <dd className="mono">{status.feedUrl || 'none'}</dd>
        <dt>Automatic checks</dt>
        <dd>
          {status.automatic ? 'on' : 'off'}
          {status.automatic
            ? status.productionConsent
              ? ', also with production workspaces'
              : ', not with production workspaces'
            : ''}
        </dd>
        <dt>Set by</dt>
        <dd className="mono">{policy.source ?? 'no policy installed'}</dd>
      </dl>
      {status.automaticPaused ? <p className="muted small">{status.automaticPaused}</p> : null}
      <ButtonRow
        primary={{
          label: 'Check now',
          testId: 'update-check',
          disabled: busy || status.feedUrl === '' || status.state === 'unsupported',
          onClick: () => check.mutate(),
        }}
      />
      {check.error ? <ErrorBanner error={toAppError(check.error)} testId="update-error" /> : null}
    </section>
  );
}
