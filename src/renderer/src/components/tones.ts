/**
 * Status words → badge colour. The map has one entry for every value of each enumeration a badge
 * shows (src/shared/platform/enums.ts, the risk bands), so a value added to one of them is a type
 * error here until it gets a colour. A word the map does not hold (the platform may send values
 * the specification does not list) is neutral rather than guessed.
 */
import type {
  ADDRESS_CATEGORIES,
  AddressType,
  AgentWalletStatus,
  CLEARLOOP_ACTION_STATUSES,
  ClearLoopActionType,
  CounterpartyType,
  Environment,
  LOAN_MODIFICATION_STATUSES,
  LoanAllocationStatus,
  LoanSide,
  LoanStatus,
  LtvStatus,
  OrderStatus,
  PortfolioType,
} from '@shared/platform/enums';
import type { RiskBand } from '@shared/risk';

export type Tone = 'ok' | 'warn' | 'danger' | 'info' | 'neutral' | 'accent';

/** Every word a badge colours by itself: the enumerations' values, and Hyperliquid's `ok`/`err`. */
type BadgeWord =
  | LoanStatus
  | LtvStatus
  | RiskBand
  | LoanSide
  | LoanAllocationStatus
  | (typeof LOAN_MODIFICATION_STATUSES)[number]
  | CounterpartyType
  | ClearLoopActionType
  | (typeof CLEARLOOP_ACTION_STATUSES)[number]
  | AddressType
  | (typeof ADDRESS_CATEGORIES)[number]
  | AgentWalletStatus
  | OrderStatus
  | PortfolioType
  | Environment
  | 'ok'
  | 'err'
  | 'whitelisted';

const TONES = {
  // Loan statuses (a word shared with another enumeration is listed once, at its first use).
  'awaiting-approval': 'warn',
  'awaiting-acceptance': 'warn',
  'awaiting-collateral': 'warn',
  'awaiting-interest-payment': 'warn',
  disbursing: 'info',
  active: 'ok',
  repaying: 'info',
  defaulting: 'danger',
  'partially-defaulting': 'danger',
  'early-termination-in-progress': 'info',
  'early-termination-completed': 'neutral',
  defaulted: 'danger',
  'default-resolved': 'neutral',
  cancelled: 'neutral',
  rejected: 'danger',
  errored: 'danger',
  repaid: 'neutral',
  'repaying-interest': 'info',
  'interest-repaid': 'ok',
  'securing-collateral': 'info',
  'collateral-secured': 'ok',
  'releasing-collateral': 'info',
  'collateral-released': 'neutral',
  closed: 'neutral',
  // LTV statuses and the risk board's bands
  healthy: 'ok',
  'margin-call': 'warn',
  default: 'danger',
  warning: 'warn',
  unknown: 'neutral',
  // Loan sides
  lend: 'accent',
  borrow: 'info',
  // Loan allocation and modification statuses
  new: 'info',
  accepted: 'ok',
  'order-created': 'info',
  'awaiting-confirmation': 'warn',
  confirmed: 'ok',
  'awaiting-funds': 'warn',
  'awaiting-signature': 'warn',
  completed: 'ok',
  failed: 'danger',
  // Counterparty types
  standard: 'neutral',
  'clearloop-exchange': 'neutral',
  'agency-desk': 'neutral',
  // ClearLoop action types and statuses
  'add-funds': 'accent',
  'remove-funds': 'info',
  pending: 'warn',
  processing: 'info',
  executed: 'ok',
  // Address types and categories
  'externally-owned-account': 'neutral',
  'internal-account': 'info',
  'smart-contract': 'accent',
  'payable-smart-contract': 'accent',
  mining: 'neutral',
  'self-hosted': 'neutral',
  vasp: 'neutral',
  // Agent wallet statuses
  inactive: 'neutral',
  // Order statuses
  'waiting-funds': 'neutral',
  reserving: 'neutral',
  reserved: 'info',
  queued: 'info',
  'validating-funds': 'neutral',
  working: 'info',
  'waiting-approve': 'warn',
  'co-sign-require': 'neutral',
  approved: 'ok',
  canceled: 'neutral',
  rejecting: 'neutral',
  declining: 'neutral',
  declined: 'danger',
  suspending: 'neutral',
  suspended: 'neutral',
  blocked: 'danger',
  'action-required': 'warn',
  accepting: 'neutral',
  'require-initializer-approve': 'neutral',
  'waiting-counterparty-approve': 'neutral',
  'require-counterparty-approve': 'neutral',
  'ready-for-settlement': 'neutral',
  settled: 'ok',
  'part-signed-tx-added': 'neutral',
  'full-signed-tx-added': 'neutral',
  'rejected-part-signed-tx-added': 'neutral',
  'rejected-full-signed-tx-added': 'neutral',
  'accepted-part-signed-tx-added': 'neutral',
  'accepted-full-signed-tx-added': 'neutral',
  'awaiting-settlement': 'neutral',
  'master-password-required': 'neutral',
  'manual-resolving': 'neutral',
  error: 'danger',
  'pending-atomic-settlement-confirmation': 'neutral',
  'atomic-settlement-reservation-completed': 'neutral',
  'require-finalize': 'neutral',
  'waiting-accept-deposit': 'neutral',
  'waiting-reject-deposit': 'neutral',
  // Portfolio types
  custody: 'neutral',
  'trading-vault': 'neutral',
  trading: 'neutral',
  external: 'neutral',
  clearloop: 'neutral',
  // Environments
  production: 'neutral',
  demo: 'neutral',
  testnet: 'neutral',
  sandbox: 'neutral',
  // Hyperliquid's answer statuses and the address book's whitelist mark
  ok: 'ok',
  err: 'danger',
  whitelisted: 'ok',
} as const satisfies Record<BadgeWord, Tone>;

/**
 * The tone a map gives a word, neutral for none and for any word it does not hold as its own key
 * (a platform value named like `constructor` gets no colour from the object's prototype).
 */
export function toneIn<K extends string>(
  tones: Readonly<Record<K, Tone>>,
  value: string | null | undefined,
): Tone {
  if (value === null || value === undefined || !Object.hasOwn(tones, value)) return 'neutral';
  return tones[value as K];
}

export function toneOf(value: string | null | undefined): Tone {
  return toneIn(TONES, value);
}
