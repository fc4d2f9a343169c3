/**
 * The query parameter names of each list operation, in the order platform-facts lists them. The
 * client sends only these (src/main/platform/query.ts builds the query from them, in this order, so
 * the signature is stable) and the sandbox accepts only these (any other name is a 400).
 */
export const QUERY_NAMES = {
  clearLoopActions: [
    'fromTimestamp',
    'toTimestamp',
    'clientAccountId',
    'portfolioIds',
    'actionType',
    'limit',
    'offset',
    'sortDirection',
    'filterExecuted',
  ],
  activities: [
    'offset',
    'limit',
    'createdFrom',
    'createdTo',
    'search',
    'activityTypes',
    'excludedActivityTypes',
    'userIds',
  ],
  cryptoAddresses: [
    'cryptoAddressIds',
    'currencies',
    'mainCurrencies',
    'addressTags',
    'addresses',
    'memo',
    'limit',
    'offset',
    'isWhitelist',
    'addressTypes',
  ],
  portfolios: [
    'portfolioTypes',
    'excludedPortfolioTypes',
    'portfolioId',
    'organizationId',
    'isActive',
    'isDefiVault',
    'signingFlowType',
    'offset',
    'limit',
  ],
  wallets: [
    'portfolioId',
    'currencies',
    'mainCurrency',
    'portfolioTypes',
    'excludedPortfolioTypes',
    'nonEmpty',
    'limit',
    'offset',
  ],
  loans: [
    'portfolioId',
    'loanIds',
    'loanSide',
    'loanTypes',
    'statuses',
    'isOpen',
    'includeCollaterals',
    'includeCounterparties',
    'includeChildLoans',
    'includeLoanAllocations',
    'includeLoanInterest',
    'limit',
    'offset',
    'sortBy',
    'sortDirection',
  ],
  agentWallets: ['portfolioId'],
} as const satisfies Record<string, readonly string[]>;

/** A list operation that takes query parameters. */
export type QueryOperation = keyof typeof QUERY_NAMES;
/** The parameter names of one operation. */
export type QueryName<K extends QueryOperation> = (typeof QUERY_NAMES)[K][number];
