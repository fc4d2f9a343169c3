/**
 * Every enumeration of the platform specification and of platform-facts, as readonly tuples so
 * that zod schemas, the sandbox's seed data and the renderer's filters share one list.
 */

export const ENVIRONMENTS = ['production', 'demo', 'testnet', 'sandbox'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** Default base URLs from platform-facts. The sandbox has none: it is always loopback. */
export const DEFAULT_BASE_URLS: Readonly<Record<Exclude<Environment, 'sandbox'>, string>> = {
  production: 'https://api.copper.co/platform',
  demo: 'https://api.stage.copper.co/platform',
  testnet: 'https://api.testnet.copper.co/platform',
};

export const AGENT_WALLET_STATUSES = ['pending', 'active', 'inactive'] as const;
export type AgentWalletStatus = (typeof AGENT_WALLET_STATUSES)[number];

export const ORDER_STATUSES = [
  'new',
  'waiting-funds',
  'reserving',
  'reserved',
  'queued',
  'validating-funds',
  'working',
  'waiting-approve',
  'co-sign-require',
  'approved',
  'processing',
  'executed',
  'canceled',
  'rejecting',
  'rejected',
  'declining',
  'declined',
  'suspending',
  'suspended',
  'blocked',
  'action-required',
  'accepting',
  'accepted',
  'require-initializer-approve',
  'waiting-counterparty-approve',
  'require-counterparty-approve',
  'ready-for-settlement',
  'settled',
  'part-signed-tx-added',
  'full-signed-tx-added',
  'rejected-part-signed-tx-added',
  'rejected-full-signed-tx-added',
  'accepted-part-signed-tx-added',
  'accepted-full-signed-tx-added',
  'awaiting-settlement',
  'master-password-required',
  'manual-resolving',
  'error',
  'pending-atomic-settlement-confirmation',
  'atomic-settlement-reservation-completed',
  'require-finalize',
  'waiting-accept-deposit',
  'waiting-reject-deposit',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const LOAN_TYPES = [
  'agency-lending-parent-loan',
  'agency-inventory',
  'agency-lending-collateralised-child-loan',
  'agency-title-transfer-collateralised-loan',
  'agency-lending-uncollateralised-child-loan',
  'agency-uncollateralised-loan',
  'agency-lending-first-lien-child-loan',
  'agency-clearloop-loan',
  'agency-lending-pledge-collateralised-child-loan',
  'agency-pledge-collateralised-loan',
  'bilateral-lending-title-transfer-collateralised-loan',
  'bilateral-title-transfer-collateralised-loan',
  'bilateral-lending-pledge-collateralised-loan',
  'bilateral-pledge-collateralised-loan',
  'bilateral-lending-uncollateralised-loan',
  'bilateral-uncollateralised-loan',
] as const;
export type LoanType = (typeof LOAN_TYPES)[number];

export const LOAN_STATUSES = [
  'awaiting-approval',
  'awaiting-acceptance',
  'awaiting-collateral',
  'awaiting-interest-payment',
  'disbursing',
  'active',
  'repaying',
  'defaulting',
  'partially-defaulting',
  'early-termination-in-progress',
  'early-termination-completed',
  'defaulted',
  'default-resolved',
  'cancelled',
  'rejected',
  'errored',
  'repaid',
  'repaying-interest',
  'interest-repaid',
  'securing-collateral',
  'collateral-secured',
  'releasing-collateral',
  'collateral-released',
  'closed',
] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];

/** Statuses after which a loan is no longer open (the `isOpen` filter). */
export const CLOSED_LOAN_STATUSES: readonly LoanStatus[] = [
  'early-termination-completed',
  'defaulted',
  'default-resolved',
  'cancelled',
  'rejected',
  'errored',
  'repaid',
  'closed',
];

export const LTV_STATUSES = ['healthy', 'margin-call', 'default'] as const;
export type LtvStatus = (typeof LTV_STATUSES)[number];

/**
 * The caller's side of a loan: platform-facts' values of the loans list's `loanSide` filter, and
 * the one spelling of a side everywhere in the console (`loanSide` in ../loan-actions.ts).
 */
export const LOAN_SIDES = ['lend', 'borrow'] as const;
export type LoanSide = (typeof LOAN_SIDES)[number];
/** The specification's word for the party on each side ("lender only", "the borrower"). */
export const LOAN_SIDE_PARTIES = { lend: 'lender', borrow: 'borrower' } as const satisfies Record<
  LoanSide,
  string
>;

export const LOAN_ALLOCATION_TYPES = [
  'disburse',
  'top-up',
  'repay',
  'rebalance',
  'secure-collateral',
  'release-collateral',
  'disburse-externally',
  'top-up-externally',
  'repay-externally',
] as const;
export type LoanAllocationType = (typeof LOAN_ALLOCATION_TYPES)[number];

export const LOAN_ALLOCATION_STATUSES = [
  'new',
  'awaiting-acceptance',
  'accepted',
  'cancelled',
  'order-created',
  'awaiting-confirmation',
  'confirmed',
  'awaiting-funds',
  'awaiting-signature',
  'completed',
  'failed',
] as const;
export type LoanAllocationStatus = (typeof LOAN_ALLOCATION_STATUSES)[number];

/** The specification names `rerate`; the sandbox also uses `extension`. */
export const LOAN_MODIFICATION_TYPES = ['rerate', 'extension'] as const;
export const LOAN_MODIFICATION_STATUSES = ['awaiting-acceptance', 'accepted', 'cancelled'] as const;

export const COUNTERPARTY_TYPES = ['standard', 'clearloop-exchange', 'agency-desk'] as const;
export type CounterpartyType = (typeof COUNTERPARTY_TYPES)[number];

export const CLEARLOOP_ACTION_TYPES = ['add-funds', 'remove-funds'] as const;
export type ClearLoopActionType = (typeof CLEARLOOP_ACTION_TYPES)[number];

/** Not enumerated by the specification; the statuses the sandbox uses and the console colours. */
export const CLEARLOOP_ACTION_STATUSES = ['pending', 'processing', 'executed', 'failed'] as const;

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;

export const ACTIVITY_TYPES = [
  'login',
  'invitation-cancelled',
  'failed-login',
  'user-permissions-update',
  'bank-account-update',
  'bank-account-deactivate',
  'new-bank-account',
  'new-crypto-address',
  'crypto-address-deletion',
  'clearloop-delegation-undelegation',
  'exchange-account-update',
  'invoice-payment',
  'invoice-update',
  'organisation-archiving',
  'organisation-blocking',
  'secondary-approval-settings',
  'new-organisation',
  'otc-settings',
  'last-to-sign-settings',
  'member-activation',
  'new-member',
  'member-deactivation',
  'member-permissions-update',
  'member-update',
  'organisation-unarchiving',
  'withdrawal-password-update',
  'whitelist-lock',
  'timelock-delay',
  'account-activation',
  'new-account',
  'account-archiving',
  'add-crypto-address-settings-update',
  'account-settings-update',
  'account-update',
  'stake-agreement-review',
  'walled-garden-manager-change',
  'new-wallet',
  'wallet-deposit-address-changes',
  'order-cancellation',
  'order-execution',
  'order-termination',
  'sso-configuration-creation',
  'sso-configuration-update',
  'sso-configuration-deactivation',
  'wg-portfolio-secondary-approval-settings',
  'approval-workflow-update',
  'passkey-creation',
  'new-api-key',
  'api-key-revocation',
  'api-key-transfer',
  'credentials-reset',
  'passkey-deletion',
  'password-change',
  '2fa-change',
  'manual-deposit-compliance-approval',
  'manual-deposit-compliance-rejection',
  'new-loan',
  'loan-approved',
  'loan-rejected',
  'loan-accepted',
  'loan-cancelled',
  'loan-top-up-request',
  'loan-top-up-accepted',
  'loan-top-up-cancelled',
  'loan-repayment',
  'loan-repayment-accepted',
  'loan-repayment-cancelled',
  'loan-default',
  'loan-partial-default',
  'add-collateral-to-loan',
  'loan-rebalance-request',
  'loan-rebalance-accepted',
  'loan-rebalance-cancelled',
  'external-loan-disbursal-confirmed',
  'external-loan-top-up-confirmed',
  'external-loan-repayment-confirmed',
  'loan-rerate-request',
  'loan-rerate-accepted',
  'loan-rerate-cancelled',
  'loan-extension-request',
  'loan-extension-accepted',
  'loan-extension-cancelled',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const ADDRESS_TYPES = [
  'externally-owned-account',
  'internal-account',
  'smart-contract',
  'payable-smart-contract',
] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

export const ADDRESS_CATEGORIES = [
  'smart-contract',
  'payable-smart-contract',
  'mining',
  'unknown',
  'self-hosted',
  'vasp',
] as const;

export const PORTFOLIO_TYPES = ['custody', 'trading-vault', 'trading', 'external', 'clearloop'] as const;
export type PortfolioType = (typeof PORTFOLIO_TYPES)[number];

/** Hyperliquid exchange actions the console has templates for and the sandbox understands. */
export const EXCHANGE_ACTION_TYPES = [
  'order',
  'cancel',
  'cancelByCloid',
  'modify',
  'batchModify',
  'updateLeverage',
  'updateIsolatedMargin',
  'usdClassTransfer',
  'scheduleCancel',
] as const;
export type ExchangeActionType = (typeof EXCHANGE_ACTION_TYPES)[number];

export const WEBHOOK_EVENT_TYPES = [
  'deposit-created',
  'deposit-completed',
  'withdraw-created',
  'withdraw-completed',
  'withdraw-failed',
  'order-completed',
  'crypto-address-created',
  'crypto-address-deactivated',
  'clearloop-delegation-created',
  'clearloop-delegation-completed',
  'clearloop-undelegation-created',
  'clearloop-undelegation-completed',
  'clearloop-delegation-failed',
  'member-created',
  'api-key-generated',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * Extension, not from platform-facts: the published list has no event for the state changes the
 * sandbox makes that operators most want to watch (loan actions, agent wallets turning active).
 * The sandbox delivers these under the names below; the real platform may name them otherwise.
 * `loan-updated` carries `{action, loan}`, `agent-wallet-activated` the AgentWallet.
 */
export const SANDBOX_WEBHOOK_EVENT_TYPES = ['loan-updated', 'agent-wallet-activated'] as const;
export type SandboxWebhookEventType = (typeof SANDBOX_WEBHOOK_EVENT_TYPES)[number];

/** Every event name a subscription may ask for: the platform's plus the sandbox's extension. */
export const ALL_WEBHOOK_EVENT_TYPES = [...WEBHOOK_EVENT_TYPES, ...SANDBOX_WEBHOOK_EVENT_TYPES] as const;
export type AnyWebhookEventType = (typeof ALL_WEBHOOK_EVENT_TYPES)[number];

/**
 * The events the local sandbox actually fires (docs/sandbox.md says from what); a subscription to
 * any other name is refused there, since it would never deliver anything.
 */
export const SANDBOX_FIRED_EVENTS = [
  'deposit-created',
  'deposit-completed',
  'withdraw-created',
  'withdraw-completed',
  'withdraw-failed',
  'order-completed',
  'crypto-address-created',
  'clearloop-delegation-completed',
  'clearloop-undelegation-completed',
  'loan-updated',
  'agent-wallet-activated',
] as const satisfies readonly AnyWebhookEventType[];
export type SandboxFiredEvent = (typeof SANDBOX_FIRED_EVENTS)[number];

/** The platform's error codes (specification, Errors) plus the ones the real service adds. */
export const PLATFORM_ERROR_CODES = [
  'bad-request',
  'forbidden',
  'conflict',
  'not-found',
  'unauthorized',
  'too-many-requests',
] as const;
