/**
 * The LTV calculator's form (the platform's dry run, `calculate-ltv-dry-run`): what the operator
 * fills, prefilled from the selected loan, and how it becomes the request body; and the answer read
 * for a lending desk (an LTV in %, its status, the collateral to add). Pure, decimal.js only.
 *
 * The body's field names are those the local sandbox reads (docs/sandbox.md, "LTV dry run"): the
 * specification does not show them. The target is typed in percent (51.28) and sent as the ratio
 * the platform uses (0.5128); amounts are sent exactly as typed.
 */
import { positiveAmount } from '@shared/amounts';
import { Exact } from '@shared/decimal';
import type { Loan } from '@shared/platform/resources';
import { readDecimal, topUpTargetOf, type TopUp } from '@shared/risk';
import { readTopUp } from '@shared/risk-top-up';

export interface CollateralDraft {
  amount: string;
  currency: string;
  /** The network (`mainCurrency`); empty: the currency itself. */
  mainCurrency: string;
}

export interface DryRunDraft {
  loanAmount: string;
  loanCurrency: string;
  collaterals: CollateralDraft[];
  /** The target LTV in percent ("60"); empty: no target, so no top-up is asked. */
  targetPercent: string;
  /** The currency the top-up is asked in; empty: the first collateral's. */
  collateralCurrency: string;
}

/** The form without a selected loan: an example a desk recognises. */
export const EXAMPLE_DRAFT: DryRunDraft = {
  loanAmount: '100000',
  loanCurrency: 'USDC',
  collaterals: [{ amount: '3', currency: 'BTC', mainCurrency: '' }],
  targetPercent: '50',
  collateralCurrency: 'BTC',
};

/** When an answer came (epoch ms text), kept with its top-up; called from event handlers. */
export const answeredAt = (): string => String(Date.now());

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** A ratio ("0.6") as percent text ("60"), exact. */
export const ratioToPercent = (ratio: string): string => new Exact(ratio).times(100).toFixed();

/**
 * The form for `loan`: its amount and currency, its collaterals as posted, and the target a top-up
 * brings it back to (shared/risk.ts `topUpTargetOf`), when the loan states one. A value that is not
 * text (a JSON number) is left empty for the operator to type, never turned into digits.
 */
export function draftFromLoan(loan: Loan, warningPoints?: string): DryRunDraft {
  const posted = Array.isArray(loan.embedded?.collaterals) ? loan.embedded.collaterals : [];
  const collaterals = posted
    .filter((c) => typeof c === 'object' && c !== null)
    .map((c) => ({
      amount: text(c.amount),
      currency: text(c.currency),
      mainCurrency: text(c.mainCurrency) === text(c.currency) ? '' : text(c.mainCurrency),
    }));
  const target = topUpTargetOf(loan, warningPoints);
  return {
    loanAmount: text(loan.amount),
    loanCurrency: text(loan.currency),
    collaterals,
    targetPercent: target.ok ? ratioToPercent(target.ltv) : '',
    collateralCurrency: collaterals[0]?.currency ?? '',
  };
}

export interface DraftProblem {
  /** `loanAmount`, `loanCurrency`, `collaterals.0.amount`, `targetPercent`, … */
  field: string;
  message: string;
}

export type DraftBody = { ok: true; body: Record<string, unknown> } | { ok: false; problems: DraftProblem[] };

const MAX_TARGET_PERCENT = new Exact(1000);

/** Why an amount field cannot be sent, or null. */
function amountProblem(value: string): string | null {
  if (value === '') return 'is required';
  return positiveAmount.safeParse(value).error?.issues[0]?.message ?? null;
}

/**
 * The body the form stands for, or what to fix first. Collateral rows left entirely empty are not
 * sent. Without collaterals and without a target the platform has nothing to compute (a 400 at the
 * sandbox), so the form says so first.
 */
export function dryRunBody(d: DryRunDraft): DraftBody {
  const problems: DraftProblem[] = [];
  const need = (field: string, message: string | null) => {
    if (message !== null) problems.push({ field, message });
  };
  need('loanAmount', amountProblem(d.loanAmount));
  need('loanCurrency', d.loanCurrency.trim() ? null : 'is required');
  const rows = d.collaterals
    .map((c, i) => ({ c, i }))
    .filter(({ c }) => c.amount !== '' || c.currency.trim() !== '' || c.mainCurrency.trim() !== '');
  for (const { c, i } of rows) {
    need(`collaterals.${i}.amount`, amountProblem(c.amount));
    need(`collaterals.${i}.currency`, c.currency.trim() ? null : 'is required');
  }
  const target = d.targetPercent.trim();
  let ratio: string | null = null;
  if (target !== '') {
    const pct = readDecimal(target);
    if (pct === null || pct.lte(0) || pct.gt(MAX_TARGET_PERCENT))
      need('targetPercent', 'must be a percentage above 0 and at most 1000, such as 60 or 62.5');
    else ratio = pct.div(100).toFixed();
  }
  if (rows.length === 0 && target === '')
    need('collaterals', 'give at least one collateral, or a target LTV, for the platform to compute');
  if (problems.length) return { ok: false, problems };
  const topUpIn = d.collateralCurrency.trim() || rows[0]?.c.currency.trim() || '';
  return {
    ok: true,
    body: {
      loanAmount: d.loanAmount,
      loanCurrency: d.loanCurrency.trim(),
      ...(rows.length
        ? {
            collaterals: rows.map(({ c }) => ({
              amount: c.amount,
              currency: c.currency.trim(),
              ...(c.mainCurrency.trim() ? { mainCurrency: c.mainCurrency.trim() } : {}),
            })),
          }
        : {}),
      ...(ratio !== null ? { targetLtv: ratio } : {}),
      ...(ratio !== null && topUpIn ? { collateralCurrency: topUpIn } : {}),
    },
  };
}

/** The dry run's answer as a desk reads it. Values the platform sent otherwise are kept as sent. */
export interface DryRunReading {
  /** The LTV as a decimal ratio string, or null when the answer has none readable. */
  ltv: string | null;
  /** The LTV exactly as sent, for an answer whose LTV is not a decimal string. */
  ltvAsSent: unknown;
  status: string | null;
  loanValueUsd: unknown;
  collateralValueUsd: unknown;
  /** The collateral to add to reach the target; null when no target was asked. */
  topUp: TopUp | null;
}

const field = (obj: unknown, name: string): unknown =>
  typeof obj === 'object' && obj !== null ? (obj as Record<string, unknown>)[name] : undefined;

/** Reads the answer to `sent` (the body as sent: its `targetLtv`, when any, is the target). */
export function readDryRun(answer: unknown, sent: Record<string, unknown>, at: string): DryRunReading {
  const ltv = field(answer, 'ltv');
  const status = field(answer, 'ltvStatus');
  const target = sent.targetLtv;
  return {
    ltv: readDecimal(ltv) === null ? null : (ltv as string),
    ltvAsSent: ltv,
    status: typeof status === 'string' && status !== '' ? status : null,
    loanValueUsd: field(answer, 'loanValueUsd'),
    collateralValueUsd: field(answer, 'collateralValueUsd'),
    topUp: typeof target === 'string' && readDecimal(target) !== null ? readTopUp(answer, target, at) : null,
  };
}

/** "Collateral 2 amount is required": a problem in the form's words. */
export function problemText(p: DraftProblem): string {
  const row = /^collaterals\.(\d+)\.(amount|currency)$/.exec(p.field);
  const name = row
    ? `Collateral ${Number(row[1]) + 1} ${row[2] === 'amount' ? 'amount' : 'currency'}`
    : ({ loanAmount: 'Loan amount', loanCurrency: 'Loan currency', targetPercent: 'Target LTV' }[p.field] ??
      'Collateral:');
  return `${name} ${p.message}`;
}
