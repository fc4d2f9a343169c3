/**
 * The in-memory data set. Records are the platform's wire shapes (resources.ts), kept as plain
 * objects in arrays already sorted in their default order, so that an unfiltered page is a slice.
 */
import type {
  AgentWallet,
  ClearLoopAction,
  Counterparty,
  CryptoAddress,
  Loan,
  Portfolio,
  Wallet,
} from '../../shared/platform/resources';
import type { ActivityList } from './generated-activities';

export const SANDBOX_SIZES = ['small', 'large', 'huge'] as const;
export type SandboxSize = (typeof SANDBOX_SIZES)[number];

export function isSandboxSize(value: string): value is SandboxSize {
  return (SANDBOX_SIZES as readonly string[]).includes(value);
}

export interface Organization {
  organizationId: string;
  name: string;
  counterparty: Counterparty;
  /** User ids; the first acts for the organization's API keys. */
  userIds: string[];
  role: 'caller' | 'counterparty';
}

/** Per-size record counts (the caller's organization; counterparties get a few of each). */
export interface SizeProfile {
  activities: number;
  clearLoopActions: number;
  cryptoAddresses: number;
  loans: number;
  /** The caller's activities are made from their index on demand (generated-activities.ts). */
  generatedActivities?: boolean;
}

export const SIZE_PROFILES: Readonly<Record<SandboxSize, SizeProfile>> = {
  small: { activities: 2000, clearLoopActions: 300, cryptoAddresses: 200, loans: 60 },
  large: { activities: 100_000, clearLoopActions: 50_000, cryptoAddresses: 20_000, loans: 10_000 },
  huge: {
    activities: 1_000_000,
    clearLoopActions: 50_000,
    cryptoAddresses: 20_000,
    loans: 10_000,
    generatedActivities: true,
  },
};

export interface SandboxData {
  callerOrganizationId: string;
  organizations: Organization[];
  portfolios: Portfolio[];
  wallets: Wallet[];
  /** Every loan with real ids on both sides; views obfuscate per caller. Oldest first. */
  loans: Loan[];
  /** Per organization, newest first (the caller's generated on demand for `huge`). */
  activities: Map<string, ActivityList>;
  /** Per organization, oldest first (the default `asc`). */
  clearLoopActions: Map<string, ClearLoopAction[]>;
  /** Per organization, newest first. */
  cryptoAddresses: Map<string, CryptoAddress[]>;
  /** Every agent wallet, including inactive ones (never listed). */
  agentWallets: AgentWallet[];
}

/** Seeded records share one base time so that ids and timestamps repeat across runs. */
export const BASE_TIME = 1_750_000_000_000; // 2025-06-15T15:06:40Z

/** Text that looks hostile to a renderer or a spreadsheet; the console must show it inertly. */
export const HOSTILE_TEXTS: readonly string[] = [
  '<img src=x onerror=alert(1)>',
  '=HYPERLINK("http://x","click")',
  'Quote "this", and that',
  'multi\nline\r\ndescription',
  '+SUM(1,2)',
  '@cmd|calc',
  '<script>alert("x")</script>',
  'naïve café – 日本語 – 🚀 – \u202eevil',
  "O'Brien; DROP TABLE loans; --",
  '-2+3',
];
