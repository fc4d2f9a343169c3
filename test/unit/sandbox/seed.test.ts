import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { buildSandboxData } from '../../../src/sandbox/data/seed';
import { LOAN_SCENARIOS } from '../../../src/sandbox/data/loans';
import { VOCABULARIES } from '../../../src/sandbox/data/vocabulary';
import { createRng, deriveSeed } from '../../../src/sandbox/prng';
import type { Activity } from '../../../src/shared/platform/resources';
import {
  ACTIVITY_TYPES,
  ADDRESS_TYPES,
  LOAN_STATUSES,
  PORTFOLIO_TYPES,
} from '../../../src/shared/platform/enums';

describe('prng', () => {
  it('repeats for a seed and differs across seeds and labels', () => {
    const a = createRng(5);
    const b = createRng(5);
    const xs = Array.from({ length: 5 }, () => a.uuid());
    expect(Array.from({ length: 5 }, () => b.uuid())).toEqual(xs);
    expect(createRng(6).uuid()).not.toBe(xs[0]);
    expect(deriveSeed(1, 'a')).not.toBe(deriveSeed(1, 'b'));
    expect(xs[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('seed data (small)', () => {
  const d = buildSandboxData(1, 'small');
  const caller = d.callerOrganizationId;

  it('is deterministic', () => {
    const again = buildSandboxData(1, 'small');
    expect(again.loans).toEqual(d.loans);
    expect(again.activities.get(caller)).toEqual(d.activities.get(caller));
    expect(again.cryptoAddresses.get(caller)).toEqual(d.cryptoAddresses.get(caller));
    expect(again.clearLoopActions.get(caller)).toEqual(d.clearLoopActions.get(caller));
    expect(buildSandboxData(2, 'small').loans).not.toEqual(d.loans);
  });

  it('covers every enumeration the console shows', () => {
    expect(new Set((d.activities.get(caller) as Activity[]).map((a) => a.activityType))).toEqual(
      new Set(ACTIVITY_TYPES),
    );
    expect(new Set(d.cryptoAddresses.get(caller)?.map((a) => a.addressType))).toEqual(new Set(ADDRESS_TYPES));
    expect(
      new Set(d.portfolios.filter((p) => p.organizationId === caller).map((p) => p.portfolioType)),
    ).toEqual(new Set(PORTFOLIO_TYPES));
    expect(d.organizations.length).toBeGreaterThanOrEqual(3);
    expect(d.activities.get(caller)?.length).toBe(2000);
    expect(d.clearLoopActions.get(caller)?.length).toBe(300);
    expect(d.cryptoAddresses.get(caller)?.length).toBe(200);
    expect(d.loans.length).toBe(60);
  });

  it('keeps wallet balances consistent', () => {
    for (const w of d.wallets) {
      expect(new Decimal(w.available).plus(w.locked).plus(w.reserve).eq(w.balance)).toBe(true);
      expect(new Decimal(w.balance).plus(w.stakeBalance).eq(w.totalBalance)).toBe(true);
    }
  });

  it('seeds every loan scenario on the right side', () => {
    for (const s of LOAN_SCENARIOS) {
      const loans = d.loans.filter((l) => l.externalId?.startsWith(`sandbox-${s.name}-`));
      expect(loans.length).toBe(s.count);
      for (const l of loans) {
        const status = typeof s.status === 'string' ? s.status : VOCABULARIES.default.loan[s.status.pending];
        expect(l.status).toBe(status);
        expect(s.callerSide === 'lend' ? l.lenderOrganizationId : l.borrowerOrganizationId).toBe(caller);
      }
    }
  });

  it('keeps LTV status consistent with the thresholds', () => {
    for (const l of d.loans) {
      if (l.debtRatio === undefined) continue;
      const r = new Decimal(l.debtRatio);
      const expected = r.gte(l.extra?.defaultThreshold ?? '0.9')
        ? 'default'
        : r.gte(l.extra?.marginCallThreshold ?? '0.8')
          ? 'margin-call'
          : 'healthy';
      expect(l.debtRatioStatus).toBe(expected);
    }
  });

  it('contains hostile text for the console to escape', () => {
    const texts = [
      ...(d.activities.get(caller) as Activity[]).map((a) => a.description),
      ...d.portfolios.map((p) => p.portfolioName),
    ];
    expect(texts.some((t) => t.includes('<img src=x onerror=alert(1)>'))).toBe(true);
    expect(texts.some((t) => t.startsWith('=HYPERLINK('))).toBe(true);
    expect(texts.some((t) => t.includes('\n'))).toBe(true);
  });
});

describe('seed data (large)', () => {
  // How long it takes is measured by bench/3-sandbox-throughput.ts (sandboxStartMs).
  it('builds the benchmark sizes', () => {
    const d = buildSandboxData(1, 'large');
    expect(d.activities.get(d.callerOrganizationId)?.length).toBe(100_000);
    expect(d.clearLoopActions.get(d.callerOrganizationId)?.length).toBe(50_000);
    expect(d.cryptoAddresses.get(d.callerOrganizationId)?.length).toBe(20_000);
    // Issue 13: at least 10,000 loans, on both sides of the caller.
    expect(d.loans.length).toBe(10_000);
    const caller = d.callerOrganizationId;
    const lent = d.loans.filter((l) => l.lenderOrganizationId === caller).length;
    const borrowed = d.loans.filter((l) => l.borrowerOrganizationId === caller).length;
    expect(lent).toBeGreaterThan(1000);
    expect(borrowed).toBeGreaterThan(1000);
  }, 20_000);
});

describe('seed variant "spellings"', () => {
  const plain = buildSandboxData(1, 'small');
  const spelled = buildSandboxData(1, 'small', 'spellings');
  const words = VOCABULARIES.spellings;
  const byName = (name: string) => spelled.loans.find((l) => l.externalId === name);
  const pending = (name: string) =>
    byName(name)?.embedded?.loanAllocations?.filter((a) => a.status === words.status.awaitingAcceptance) ??
    [];

  it('changes only spellings: the same loans, ids and amounts', () => {
    expect(spelled.loans.map((l) => [l.loanId, l.amount, l.externalId])).toEqual(
      plain.loans.map((l) => [l.loanId, l.amount, l.externalId]),
    );
    expect(spelled.activities.get(spelled.callerOrganizationId)).toEqual(
      plain.activities.get(plain.callerOrganizationId),
    );
  });

  it('spells pending requests and the loan statuses around them otherwise', () => {
    expect(byName('sandbox-repay-lend-1')?.status).toBe('active');
    expect(pending('sandbox-repay-lend-1').map((a) => a.allocationType)).toEqual(['repayment']);
    expect(byName('sandbox-interest-lend-1')?.status).toBe('awaiting-interest-payment');
    expect(pending('sandbox-interest-lend-1').map((a) => a.allocationType)).toEqual(['interest']);
    const disbursal = byName('sandbox-disburse-lend-1')?.embedded?.loanAllocations ?? [];
    expect(disbursal.map((a) => [a.allocationType, a.status])).toEqual([
      ['external-disbursal', 'pending-confirmation'],
    ]);
    // No spelling the default uses for an open value is left behind on any loan.
    const open = spelled.loans.flatMap((l) => l.embedded?.loanAllocations ?? []);
    for (const a of open) {
      expect(['repay', 'disburse-externally']).not.toContain(a.allocationType);
      expect(['awaiting-acceptance', 'awaiting-confirmation']).not.toContain(a.status);
    }
  });

  it('keeps every loan status in the specification’s list', () => {
    for (const l of spelled.loans) expect(LOAN_STATUSES).toContain(l.status);
  });
});
