/** One loan of the board: its LTV against the thresholds, the cure countdown, the top-up, acknowledge. */
import { useState } from 'react';
import { cureTime, type TopUp } from '@shared/risk';
import {
  amountFormula,
  readTopUp,
  targetFormula,
  topUpDryRunBody,
  topUpWorking,
  type TopUpWorking,
} from '@shared/risk-top-up';
import { Amount } from '../../components/Amount';
import { Badge } from '../../components/Badge';
import { IdText } from '../../components/CopyButton';
import { ReadPreview } from '../../components/actions/ReadPreview';
import { ltvDryRun, previewLtvDryRun } from '../../components/actions/queries';
import { formatPercent } from '../../lib/format';
import { LtvBar } from '../../components/LtvBar';
import { acknowledgeRisk } from './queries';
import { describeAge, formatCountdown, formatDuration } from '../../lib/time';
import type { BoardRow } from './rows';
import { LoanPane } from '../../components/LoanPane';
import { useNow } from '../../components/view-kit';
import { useWorkspaceList } from '../../state/workspace-store';

function TopUpText({ topUp }: { topUp: TopUp | undefined }) {
  if (topUp === undefined) return <span className="muted">not asked yet</span>;
  if (!topUp.ok)
    return (
      <span className="muted" data-testid="risk-topup-why">
        {topUp.noTarget ? 'no target' : 'unknown'}: {topUp.why}
      </span>
    );
  return (
    <span data-testid="risk-topup">
      add <Amount value={topUp.amount} currency={topUp.currency} /> to return to LTV{' '}
      {formatPercent(topUp.targetLtv)}
    </span>
  );
}

/** The top-up's working: the target with its inputs, then the amount with its own (issue 28). */
function TopUpFormula({ working }: { working: TopUpWorking }) {
  const amount = amountFormula(working);
  return (
    <div className="small topup-formula" data-testid="risk-topup-formula">
      <div>target = {targetFormula(working.target, (r) => formatPercent(r))}</div>
      {working.target.ok && working.target.ignored.length > 0 ? (
        <div className="muted">not used: {working.target.ignored.join('; ')}</div>
      ) : null}
      <div>{amount ?? (working.answer.ok ? null : `add: ${working.answer.why}`)}</div>
    </div>
  );
}

export function RiskDetail({
  workspaceId,
  row,
  onClose,
}: {
  workspaceId: string;
  row: BoardRow;
  onClose(): void;
}) {
  const { loan, tracked } = row;
  const now = useNow(1000);
  const [asked, setAsked] = useState<TopUp | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const cure = cureTime(loan, now, tracked?.marginCallSeenAt);
  const inMarginCall = row.risk.band === 'margin-call';
  const pastMarginCall = inMarginCall || row.risk.band === 'default';
  const working = topUpWorking(loan, row.warningPoints);
  const age = describeAge(row.risk.ltvAgeMs);
  const computed: TopUp = working.answer.ok
    ? { ...working.answer, at: now }
    : { ok: false, why: working.answer.why, at: now, ...(working.answer.noTarget ? { noTarget: true } : {}) };

  // The platform's dry run is a read (`loans.ltvDryRun`): asked only by the button, its exact
  // request shown beside it before it is sent.
  const workspace = useWorkspaceList().find((w) => w.id === workspaceId);
  const dryRun = topUpDryRunBody(loan, row.warningPoints);
  const askTopUp = async () => {
    const at = String(Date.now());
    if (!dryRun.ok) return setAsked({ ok: false, why: dryRun.why, at });
    const res = await ltvDryRun(workspaceId, { body: dryRun.body });
    if (!res.ok) return setAsked({ ok: false, why: res.error.message, at });
    setAsked(readTopUp(res.value.answer, String(dryRun.body.targetLtv), at));
  };
  const acknowledge = async () => {
    const res = await acknowledgeRisk(workspaceId, loan.loanId);
    setError(res.ok ? null : res.error.message);
  };

  return (
    <LoanPane
      testId="risk-detail"
      label="Loan risk"
      loan={loan}
      onClose={onClose}
      badges={<Badge value={row.risk.band} />}
    >
      <p className="small">
        <IdText value={loan.loanId} /> · {row.counterparty || 'counterparty unknown'}
      </p>
      <LtvBar
        ltv={loan.debtRatio}
        status={loan.debtRatioStatus}
        marginCall={loan.extra?.marginCallThreshold}
        defaultAt={loan.extra?.defaultThreshold}
      />
      <p className="small">
        Headroom:{' '}
        {row.risk.headroomMarginCall === null ? 'unknown' : formatPercent(row.risk.headroomMarginCall, 1)} to
        margin call,{' '}
        {row.risk.headroomDefault === null ? 'unknown' : formatPercent(row.risk.headroomDefault, 1)} to
        default (fall in collateral value).
        {row.risk.stale ? ' The LTV is stale (older than 15 minutes).' : ''}
      </p>
      <p className="small" data-testid="risk-detail-age">
        {age.skew ??
          (age.text === '—' ? 'The LTV’s update time is unknown.' : `LTV updated ${age.text} ago.`)}
      </p>
      {pastMarginCall && !inMarginCall ? (
        <p className="small">
          Top-up (from the loan’s collateral and LTV): <TopUpText topUp={computed} />
        </p>
      ) : null}
      <TopUpFormula working={working} />
      {inMarginCall ? (
        <>
          <h4>Margin call</h4>
          <p className="small" data-testid="risk-cure">
            {cure?.source === 'platform'
              ? cure.remainingMs?.startsWith('-')
                ? `Cure period ${formatCountdown(cure.remainingMs)}`
                : `Time left to cure: ${formatCountdown(cure.remainingMs)}`
              : `No expiry from the platform; first seen ${formatDuration(cure?.elapsedMs ?? null)} ago`}
          </p>
          <p className="small">
            {/* The watch computes its top-up from the loan's own figures and sends nothing
                (issue 25); the platform's dry run is asked only by this button. */}
            {asked ? 'Top-up (the platform’s dry run)' : 'Top-up (from the loan’s collateral and LTV)'}:{' '}
            <TopUpText topUp={asked ?? computed} />{' '}
            <button
              type="button"
              className="btn small"
              data-testid="risk-ask-topup"
              onClick={() => void askTopUp()}
            >
              Ask the platform (dry run)
            </button>
          </p>
          <ReadPreview
            preview={workspace && dryRun.ok ? previewLtvDryRun(workspace, { body: dryRun.body }) : null}
            testId="risk-dry-request"
          />
          <p className="small">
            {tracked?.acknowledgedAt ? (
              <span data-testid="risk-acknowledged">
                Acknowledged: no more reminders for this margin call.
              </span>
            ) : (
              <button
                type="button"
                className="btn small"
                data-testid="risk-detail-acknowledge"
                onClick={() => void acknowledge()}
              >
                Acknowledge (stop reminders)
              </button>
            )}
          </p>
          {error ? <div className="notice warn">{error}</div> : null}
        </>
      ) : null}
    </LoanPane>
  );
}
