/** The watch's alerts: what each says (loan, LTV, top-up) and how many reach the desktop at once. */
import type { Loan } from '../../shared/platform/resources';
import {
  alertTitle,
  ltvPercent,
  readDecimal,
  type RiskAlert,
  type RiskAlertKind,
  type TopUp,
} from '../../shared/risk';

/** Above this many alerts in one cycle the desktop gets one summary instead of one each. */
export const MAX_DESKTOP_ALERTS_PER_CYCLE = 5;

const CARRIES_TOP_UP: readonly RiskAlertKind[] = ['margin-call', 'reminder', 'cure-ending'];

/**
 * What an alert says about the top-up: "top up 1.4 BTC to return to LTV 50 %". Never "top up 0"
 * (issue 28): an amount that is not above 0, or a target that is not a decimal, reads as unknown.
 */
export function topUpSentence(topUp: TopUp): string {
  if (!topUp.ok) return topUp.noTarget ? `no top-up target: ${topUp.why}` : `top-up unknown: ${topUp.why}`;
  const amount = readDecimal(topUp.amount);
  const target = readDecimal(topUp.targetLtv);
  if (amount === null || !amount.gt(0) || target === null)
    return `top-up unknown: the computed amount ${topUp.amount} ${topUp.currency} is not a positive decimal`;
  return `top up ${topUp.amount} ${topUp.currency} to return to LTV ${ltvPercent(target)}`;
}

export function buildAlert(a: {
  workspaceId: string;
  loan: Loan;
  kind: RiskAlertKind;
  topUp: TopUp | null;
  now: string;
  desktopNotified: boolean;
}): RiskAlert {
  const ltv = typeof a.loan.debtRatio === 'string' ? a.loan.debtRatio : null;
  const ratio = readDecimal(ltv);
  const parts = [`LTV ${ratio === null ? (ltv ?? 'unknown') : ltvPercent(ratio)}`];
  const withTopUp = CARRIES_TOP_UP.includes(a.kind);
  const topUp = a.topUp;
  if (withTopUp && topUp !== null) parts.push(topUpSentence(topUp));
  return {
    workspaceId: a.workspaceId,
    loanId: a.loan.loanId,
    kind: a.kind,
    title: alertTitle(a.kind, a.loan.loanId),
    body: parts.join('; '),
    debtRatio: ltv,
    topUp: withTopUp ? a.topUp : null,
    at: a.now,
    desktopNotified: a.desktopNotified,
  };
}

/** One desktop notification per alert, or one summary when a cycle raises many (a price crash). */
export function notifyDesktop(
  notify: (title: string, body: string) => void,
  workspaceName: string,
  alerts: readonly RiskAlert[],
): void {
  if (alerts.length === 0) return;
  if (alerts.length <= MAX_DESKTOP_ALERTS_PER_CYCLE) {
    for (const a of alerts) notify(`${workspaceName}: ${a.title}`, a.body);
    return;
  }
  const counts = new Map<RiskAlertKind, number>();
  for (const a of alerts) counts.set(a.kind, (counts.get(a.kind) ?? 0) + 1);
  const summary = [...counts].map(([k, n]) => `${n} ${k}`).join(', ');
  notify(`${workspaceName}: ${alerts.length} loan alerts`, `${summary}. Open the risk board for each loan.`);
}
