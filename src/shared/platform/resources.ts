/**
 * Resource shapes of the platform specification (and platform-facts where the specification says
 * "not shown"). Every number, amount and timestamp is a string, as on the wire; nothing here is
 * ever parsed into a JS number for arithmetic.
 */
import type {
  ActivityType,
  AddressType,
  AgentWalletStatus,
  ClearLoopActionType,
  LoanStatus,
  LoanType,
  LtvStatus,
  OrderStatus,
  PortfolioType,
} from './enums';

export type JsonObject = { [key: string]: unknown };

export interface AgentWallet {
  address: string;
  createdAt: string;
  createdBy: string;
  id: string;
  name: string;
  orderId: string;
  orderStatus: OrderStatus;
  portfolioId: string;
  revokeOrderId?: string;
  status: AgentWalletStatus;
  /** Unix seconds; null or "0" means no expiry. */
  validUntil: string | null;
}

export interface RequiredCollateral {
  amount: string;
  currency: string;
  mainCurrency: string;
  amountInUsd: string;
}

export interface LoanExtra {
  acceptedAt?: string;
  acceptedBy?: string;
  approvedAt?: string;
  approvedBy?: string;
  cancelledAt?: string;
  cancelledBy?: string;
  defaultThreshold?: string;
  defaultedAt?: string;
  defaultedBy?: string;
  disbursedAt?: string;
  externalDisbursal?: boolean;
  externalInterestPayment?: boolean;
  initialLtv?: string;
  initiallyRequiredCollateralUsd?: string;
  lenderFeeShare?: string;
  lenderFeeSharePercentage?: string;
  marginCallExpiryPeriod?: string;
  marginCallThreshold?: string;
  rebalanceThreshold?: string;
  rejectedAt?: string;
  rejectedBy?: string;
  repaidAt?: string;
  repaidBy?: string;
  requiredCollaterals?: RequiredCollateral[];
}

export interface Collateral {
  amount: string;
  collateralId: string;
  createdAt: string;
  currency: string;
  loanId: string;
  mainCurrency: string;
  portfolioId: string;
  unrealisedAmount: string;
  updatedAt: string;
}

export interface Counterparty {
  counterpartyId: string;
  counterpartyName: string;
  counterpartyType: string;
  networkTag?: string;
  backgroundImageId?: string;
  counterpartyDescription?: string;
  extra?: { exchangeId?: string };
  imageId?: string;
  priority?: string;
  tags?: string[];
}

export interface LoanAllocation {
  allocationType: string;
  amount: string;
  createdAt: string;
  currency: string;
  extra?: {
    acceptedAt?: string;
    acceptedBy?: string;
    cancelledAt?: string;
    cancelledBy?: string;
    confirmedAt?: string;
    confirmedBy?: string;
    effectiveDate?: string;
  };
  loanAllocationId: string;
  loanId: string;
  mainCurrency: string;
  status: string;
  counterpartyOrderId?: string;
  createdBy?: string;
  externalFailureDescription?: string;
  fromPortfolioId?: string;
  orderId?: string;
  requestorCounterpartyId?: string;
  terminatedAt?: string;
  toPortfolioId?: string;
  updatedAt: string;
}

export interface LoanInterest {
  accruedInterest: string;
  createdAt: string;
  interestCurrency: string;
  loanId: string;
  loanInterestId: string;
  lastPaymentAt?: string;
  realisedInterest: string;
  unrealisedInterest: string;
  updatedAt: string;
}

export interface LoanModification {
  createdAt: string;
  extra?: {
    acceptedAt?: string;
    acceptedBy?: string;
    cancelledAt?: string;
    cancelledBy?: string;
    currentInterestRate?: string;
    currentMaturityDate?: string;
    newInterestRate?: string;
    newMaturityDate?: string;
  };
  loanId: string;
  loanModificationId: string;
  modificationType: string;
  status: string;
  createdBy?: string;
  requestorCounterpartyId?: string;
  updatedAt: string;
}

export interface LoanEmbedded {
  childLoans?: JsonObject[];
  collaterals?: Collateral[];
  counterparties?: Counterparty[];
  loanAllocations?: LoanAllocation[];
  loanInterest?: LoanInterest;
  loanModifications?: LoanModification[];
  marginCall?: JsonObject;
}

export interface Loan {
  loanId: string;
  externalId?: string;
  amount: string;
  currency: string;
  mainCurrency: string;
  loanType: LoanType;
  status: LoanStatus;
  createdBy: string;
  borrowerCounterpartyId?: string;
  lenderCounterpartyId?: string;
  borrowerOrganizationId?: string;
  lenderOrganizationId?: string;
  borrowerPortfolioId?: string;
  lenderPortfolioId?: string;
  createdAt: string;
  debtRatio?: string;
  debtRatioUpdatedAt?: string;
  /** platform-facts: the LTV status field. */
  debtRatioStatus?: LtvStatus;
  defaultReason?: string;
  interestRate?: string;
  maturityDate?: string;
  originalLoanAmount?: string;
  originalLoanValue?: string;
  startDate?: string;
  terminatedAt?: string;
  unrealisedAmount?: string;
  updatedAt: string;
  embedded?: LoanEmbedded;
  extra?: LoanExtra;
}

export interface ClearLoopAction {
  action: ClearLoopActionType;
  amount: string;
  clientAccountId: string;
  createdAt: string;
  currency: string;
  delegatedOrganizationId: string;
  organizationId: string;
  clearLoopPortfolioId: string;
  completedAt?: string;
  exchangeId: string;
  network: string;
  orderId: string;
  status: string;
  updatedAt: string;
  usdAmount: string;
}

/**
 * ClearLoop's paging summary. Every field may be missing or wrong on a real platform (issue 18):
 * the console pages by "the last page was full" and shows these only where they agree.
 */
export interface Pagination {
  limit?: string;
  page?: string;
  pages?: string;
  totalItems?: string;
}

export interface Activity {
  activityId: string;
  activityType: ActivityType;
  createdAt: string;
  description: string;
  name: string;
  organizationId: string;
  portfolioId: string;
  userId: string;
}

export interface CurrencyConfiguration {
  createdAt: string;
  createdBy: string;
  cryptoAddressId: string;
  currency: string;
  currencyConfigurationId: string;
  isWhitelist: boolean;
  extra: JsonObject;
  lastUsedAt?: string;
  portfolioIds: string[];
  updatedAt: string;
  updatedBy: string;
}

export interface CryptoAddress {
  address: string;
  addressType: AddressType;
  createdAt: string;
  createdBy: string;
  cryptoAddressId: string;
  currency: string;
  name: string;
  isWhitelist: boolean;
  _embedded?: { currencyConfigurations: CurrencyConfiguration[] };
  acceptTokens?: boolean;
  addressTags?: string[];
  category?: string;
  extra?: JsonObject;
  lastUsedAt?: string;
  mainCurrency: string;
  memo?: string;
  organizationId: string;
  updatedAt: string;
  updatedBy?: string;
  portfolioIds: string[];
}

export interface Portfolio {
  portfolioId: string;
  portfolioName: string;
  portfolioType: PortfolioType;
  organizationId: string;
  isActive: boolean;
  status: string;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  extra?: {
    clearLoopPortfolioId?: string;
    clientAccountId?: string;
    exchange?: string;
    isDefiVault?: boolean;
    signingFlowType?: string;
    [key: string]: unknown;
  };
}

export interface Wallet {
  walletId: string;
  portfolioId: string;
  portfolioType: PortfolioType;
  currency: string;
  mainCurrency: string;
  balance: string;
  available: string;
  locked: string;
  reserve: string;
  stakeBalance: string;
  totalBalance: string;
  organizationId: string;
  createdAt: string;
  updatedAt: string;
}

/** `GET /accounts` (deprecated on the real platform): the sandbox answers portfolios with wallets. */
export interface Account {
  accountId: string;
  accountName: string;
  accountType: PortfolioType;
  organizationId: string;
  isActive: boolean;
  wallets: Wallet[];
}

/** Hyperliquid's answer shape, which `POST /exchange` mirrors. */
export type ExchangeResponse =
  { status: 'ok'; response: { type: string; data?: unknown } } | { status: 'err'; response: string };

export type LtvEstimate = Loan;

/** Result of the LTV dry run; the specification leaves it open, the sandbox answers this. */
export interface LtvDryRunResult {
  loanAmount: string;
  loanCurrency: string;
  loanValueUsd: string;
  collateralValueUsd: string;
  ltv: string;
  requiredCollateralUsd?: string;
  ltvStatus: LtvStatus;
  [key: string]: unknown;
}
