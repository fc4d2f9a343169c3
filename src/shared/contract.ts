/**
 * The contract: every call the renderer may make and every event the main side pushes.
 *
 * This module is the single source of truth for what crosses the process boundary. The router
 * (main), the preload bridge (Electron), the web bridge (browser mode) and the renderer's
 * `window.copper` type are all derived from `contract` and `EVENT_NAMES` below; nothing else may
 * cross. Inputs are zod schemas, parsed on the main side before any handler runs. Results are
 * `Result<T>` values. The renderer never receives a secret: no call below returns one.
 */
import { z } from 'zod';
import {
  ACTIVITY_TYPES,
  ADDRESS_TYPES,
  ALL_WEBHOOK_EVENT_TYPES,
  CLEARLOOP_ACTION_TYPES,
  ENVIRONMENTS,
  EXCHANGE_ACTION_TYPES,
  LOAN_SIDES,
  LOAN_STATUSES,
  LOAN_TYPES,
  PORTFOLIO_TYPES,
  SORT_DIRECTIONS,
} from './platform/enums';
import type {
  Account,
  Activity,
  AgentWallet,
  ClearLoopAction,
  CryptoAddress,
  ExchangeResponse,
  JsonObject,
  Loan,
  Pagination,
  Portfolio,
  Wallet,
} from './platform/resources';
import type { Result } from './result';
import type { Environment } from './platform/enums';
import {
  MAX_WEBHOOK_BODY_BYTES,
  WEBHOOK_VERDICTS,
  receiverPort,
  webhookEventName,
  type ReceivedWebhook,
  type SandboxDelivery,
  type SandboxSubscription,
  type WebhookReceiverStatus,
  type WebhookVerification,
} from './contract-webhooks';

export * from './contract-webhooks';

// ---------------------------------------------------------------------------------------------
// Building blocks

/** A call's definition: its input schema, and its result type carried as a phantom. */
export interface CallDef<I extends z.ZodType, O> {
  readonly input: I;
  readonly __result?: O;
}
const call =
  <O>() =>
  <I extends z.ZodType>(input: I): CallDef<I, O> => ({ input });

const id = z.string().trim().min(1, 'must not be empty').max(200, 'is too long');
const workspaceId = id.describe('workspace id');
/** A decimal amount as a string: no exponent, no thousands separators, at most 40 digits. */
export const decimalString = z
  .string()
  .trim()
  .regex(/^-?\d{1,30}(\.\d{1,18})?$/, 'must be a decimal number such as 1250.5');
/** Epoch milliseconds as a string. */
export const epochMsString = z.string().regex(/^\d{1,16}$/, 'must be epoch milliseconds');
const idList = z.array(id).max(500, 'has too many entries');
const limit = (max: number) => z.number().int().min(1).max(max);
const offset = z.number().int().min(0).max(100_000_000);
/** Identifies a long-running job so that it can report progress and be cancelled. */
export const jobId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1-64 letters, digits, - or _');

// ---------------------------------------------------------------------------------------------
// Views: what the renderer receives about local things

export interface WorkspaceView {
  id: string;
  name: string;
  environment: Environment;
  baseUrl: string;
  organizationId: string;
  defaultPortfolioId?: string;
  /** True for the in-process sandbox workspace made on first run. */
  builtIn: boolean;
  keyConfigured: boolean;
  /** Opaque to the main side: the renderer's remembered tab, filters, columns and sort. */
  uiState: JsonObject;
  createdAt: string;
}

export interface WorkspaceList {
  workspaces: WorkspaceView[];
  activeId: string | null;
  /** Set when a corrupt workspace file was set aside at start: tell the operator once. */
  recoveredFrom?: { setAsidePath: string; reason: string };
}

export type KeyBackend = 'os-keychain' | 'vault' | 'memory';

export interface KeychainStatus {
  backend: KeyBackend;
  /** Whether the OS keychain answered; when false the vault is offered. */
  osKeychainAvailable: boolean;
  osKeychainError?: string;
  vault: { exists: boolean; unlocked: boolean; path: string };
}

export interface ConnectionTest {
  latencyMs: number;
  /** Server clock minus local clock, from the `Date` header, when the server sent one. */
  clockSkewMs: number | null;
  portfolios: number;
}

export interface HistoryEntry {
  seq: number;
  time: string; // ISO
  workspaceId: string;
  method: string;
  /** Path with query string as signed; never a header, never a body. */
  path: string;
  status: number | null;
  latencyMs: number;
  errorCode: string | null;
  attempt: number;
}

export interface AppInfo {
  version: string;
  shell: 'electron' | 'browser';
  dataDir: string;
  platform: string;
}

export interface SavePathChoice {
  /** Absolute path the operator chose, or null when they cancelled. */
  path: string | null;
  /** True when a native dialog chose it; false when the renderer must let the operator edit it. */
  native: boolean;
}

export interface ExportResult {
  path: string;
  rows: number;
  bytes: number;
  pages: number;
  neutralisedCells: number;
}

export interface Page<T> {
  items: T[];
  /** True when the page was full, so another may follow. */
  mayHaveMore: boolean;
}

export interface AllRows<T> {
  items: T[];
  pages: number;
  truncated: boolean;
}

// ---------------------------------------------------------------------------------------------
// Platform query schemas (parameter names from platform-facts)

export const portfoliosQuery = z.object({
  workspaceId,
  portfolioTypes: z.array(z.enum(PORTFOLIO_TYPES)).optional(),
  excludedPortfolioTypes: z.array(z.enum(PORTFOLIO_TYPES)).optional(),
  portfolioId: id.optional(),
  isActive: z.boolean().optional(),
  isDefiVault: z.boolean().optional(),
  signingFlowType: id.optional(),
  limit: limit(1000).optional(),
  offset: offset.optional(),
});

export const walletsQuery = z.object({
  workspaceId,
  portfolioId: id.optional(),
  currencies: z.array(id).max(100).optional(),
  mainCurrency: id.optional(),
  portfolioTypes: z.array(z.enum(PORTFOLIO_TYPES)).optional(),
  excludedPortfolioTypes: z.array(z.enum(PORTFOLIO_TYPES)).optional(),
  nonEmpty: z.boolean().optional(),
  limit: limit(5000).optional(),
  offset: offset.optional(),
});

export const accountsQuery = z.object({ workspaceId });

export const loanFilters = z.object({
  portfolioId: id.optional(),
  loanIds: idList.optional(),
  loanSide: z.enum(LOAN_SIDES).optional(),
  loanTypes: z.array(z.enum(LOAN_TYPES)).optional(),
  statuses: z.array(z.enum(LOAN_STATUSES)).optional(),
  isOpen: z.boolean().optional(),
});
export const loansQuery = loanFilters.extend({
  workspaceId,
  limit: limit(1000).optional(),
  offset: offset.optional(),
  sortDirection: z.enum(['ASC', 'DESC']).optional(),
});

const loanTarget = z.object({ workspaceId, loanId: id });
const collateralInput = z.object({
  amount: decimalString,
  currency: id,
  mainCurrency: id,
  amountInUsd: decimalString.optional(),
});

export const clearLoopQuery = z.object({
  workspaceId,
  fromTimestamp: epochMsString.optional(),
  toTimestamp: epochMsString.optional(),
  clientAccountId: id.optional(),
  portfolioIds: idList.optional(),
  actionType: z.enum(CLEARLOOP_ACTION_TYPES).optional(),
  limit: limit(1000).optional(),
  offset: offset.optional(),
  sortDirection: z.enum(SORT_DIRECTIONS).optional(),
  filterExecuted: z.boolean().optional(),
});

export const activityFilters = z.object({
  createdFrom: epochMsString.optional(),
  createdTo: epochMsString.optional(),
  search: z.string().max(200).optional(),
  activityTypes: z.array(z.enum(ACTIVITY_TYPES)).optional(),
  excludedActivityTypes: z.array(z.enum(ACTIVITY_TYPES)).optional(),
  userIds: idList.optional(),
});
export const activitiesQuery = activityFilters.extend({
  workspaceId,
  limit: limit(10_000).optional(),
  offset: offset.optional(),
});

export const cryptoAddressesQuery = z.object({
  workspaceId,
  cryptoAddressIds: idList.optional(),
  currencies: idList.optional(),
  mainCurrencies: idList.optional(),
  addressTags: idList.optional(),
  addresses: idList.optional(),
  memo: z.string().max(200).optional(),
  isWhitelist: z.boolean().optional(),
  addressTypes: z.array(z.enum(ADDRESS_TYPES)).optional(),
  limit: limit(5000).optional(),
  offset: offset.optional(),
});

export const exchangeActionSchema = z.object({ type: z.enum(EXCHANGE_ACTION_TYPES) }).catchall(z.unknown());

export const ltvDryRunBody = z.object({
  loanAmount: decimalString,
  loanCurrency: id,
  collaterals: z
    .array(collateralInput.partial({ mainCurrency: true }))
    .max(50)
    .optional(),
  /** When given, the answer includes the collateral needed to reach this LTV. */
  targetLtv: decimalString.optional(),
  collateralCurrency: id.optional(),
});

/** Each fetch-all call names the job so that it can report progress and be cancelled. */
const job = { jobId, maxRows: z.number().int().min(1).max(1_000_000).optional() };

// ---------------------------------------------------------------------------------------------
// The contract

export const contract = {
  app: {
    info: call<AppInfo>()(z.object({})),
  },
  workspaces: {
    list: call<WorkspaceList>()(z.object({})),
    create: call<WorkspaceView>()(
      z.object({
        name: z.string().trim().min(1, 'must not be empty').max(80),
        environment: z.enum(ENVIRONMENTS),
        organizationId: id,
        baseUrl: z.string().trim().max(500).optional(),
        defaultPortfolioId: id.optional(),
      }),
    ),
    update: call<WorkspaceView>()(
      z.object({
        id: workspaceId,
        name: z.string().trim().min(1).max(80).optional(),
        organizationId: id.optional(),
        baseUrl: z.string().trim().max(500).optional(),
        defaultPortfolioId: id.nullable().optional(),
      }),
    ),
    remove: call<WorkspaceList>()(z.object({ id: workspaceId })),
    activate: call<WorkspaceList>()(z.object({ id: workspaceId })),
    saveUiState: call<null>()(
      z.object({
        id: workspaceId,
        uiState: z
          .record(z.string(), z.unknown())
          .refine((v) => JSON.stringify(v).length <= 256_000, 'is larger than 256 KB'),
      }),
    ),
    testConnection: call<ConnectionTest>()(z.object({ id: workspaceId })),
  },
  keychain: {
    status: call<KeychainStatus>()(z.object({})),
    /** Stores a workspace's API key and secret. The secret never comes back out. */
    setKey: call<{ configured: true }>()(
      z.object({
        workspaceId,
        apiKey: z.string().trim().min(1, 'must not be empty').max(500),
        apiSecret: z.string().min(1, 'must not be empty').max(2000),
      }),
    ),
    deleteKey: call<{ configured: false }>()(z.object({ workspaceId })),
    createVault: call<KeychainStatus>()(
      z.object({ passphrase: z.string().min(12, 'must be at least 12 characters').max(1000) }),
    ),
    unlockVault: call<KeychainStatus>()(z.object({ passphrase: z.string().min(1).max(1000) })),
    lockVault: call<KeychainStatus>()(z.object({})),
  },
  portfolios: {
    list: call<Portfolio[]>()(portfoliosQuery),
  },
  wallets: {
    list: call<Wallet[]>()(walletsQuery),
  },
  accounts: {
    list: call<Account[]>()(accountsQuery),
  },
  loans: {
    list: call<Page<Loan>>()(loansQuery),
    get: call<Loan>()(loanTarget),
    approve: call<Loan>()(loanTarget),
    estimateLtv: call<Loan>()(
      loanTarget.extend({
        amount: decimalString.optional(),
        collaterals: z.array(collateralInput).max(50).optional(),
        includeInterest: z.boolean().optional(),
      }),
    ),
    cancelInterestPayment: call<Loan>()(
      loanTarget.extend({
        loanAllocationId: id,
        effectiveDate: epochMsString.optional(),
        portfolioId: id.optional(),
      }),
    ),
    acceptRepayment: call<Loan>()(
      loanTarget.extend({
        amount: decimalString.optional(),
        collateralPortfolioId: id.optional(),
        effectiveDate: epochMsString.optional(),
      }),
    ),
    confirmExternalDisbursement: call<Loan>()(
      loanTarget.extend({ loanAllocationId: id, collateralPortfolioId: id.optional() }),
    ),
    ltvDryRun: call<JsonObject>()(z.object({ workspaceId, body: ltvDryRunBody })),
  },
  agentWallets: {
    list: call<AgentWallet[]>()(z.object({ workspaceId, portfolioId: id.optional() })),
  },
  exchange: {
    submit: call<ExchangeResponse>()(
      z.object({
        workspaceId,
        portfolioId: id,
        action: exchangeActionSchema,
        nonce: z
          .number()
          .int()
          .min(1_600_000_000_000, 'must be the current time in milliseconds')
          .max(9_999_999_999_999),
        vaultAddress: z
          .string()
          .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte hex address')
          .optional(),
      }),
    ),
  },
  clearloop: {
    list: call<{ actions: ClearLoopAction[]; pagination: Pagination }>()(clearLoopQuery),
  },
  activities: {
    list: call<Page<Activity>>()(activitiesQuery),
    /** Walks every page (limit 1000) with `progress` events; cancel with `jobs.cancel`. */
    listAll: call<AllRows<Activity>>()(activityFilters.extend({ workspaceId, ...job })),
  },
  cryptoAddresses: {
    list: call<Page<CryptoAddress>>()(cryptoAddressesQuery),
    listAll: call<AllRows<CryptoAddress>>()(
      cryptoAddressesQuery.omit({ limit: true, offset: true }).extend(job),
    ),
  },
  exports: {
    /** Asks where to save: a native dialog in Electron; a suggested path in browser mode. */
    chooseSavePath: call<SavePathChoice>()(
      z.object({ suggestedName: z.string().regex(/^[\w.-]{1,120}$/, 'must be a plain file name') }),
    ),
    /** Streams the platform's `text/csv` answer, every page, to `filePath`. */
    activitiesCsv: call<ExportResult>()(
      activityFilters.extend({
        workspaceId,
        jobId,
        filePath: z.string().min(1).max(1000),
        maxRows: z.number().int().min(1).max(10_000_000).optional(),
      }),
    ),
  },
  jobs: {
    cancel: call<{ cancelled: boolean }>()(z.object({ jobId })),
  },
  history: {
    list: call<HistoryEntry[]>()(
      z.object({
        workspaceId: id.optional(),
        errorsOnly: z.boolean().optional(),
        search: z.string().max(200).optional(),
        limit: limit(5000).optional(),
      }),
    ),
    clear: call<null>()(z.object({})),
  },
  webhooks: {
    status: call<WebhookReceiverStatus>()(z.object({})),
    /** Starts (or restarts) the local receiver on 127.0.0.1, verifying with the workspace's key. */
    startReceiver: call<WebhookReceiverStatus>()(z.object({ workspaceId, port: receiverPort })),
    stopReceiver: call<WebhookReceiverStatus>()(z.object({})),
    /** Received deliveries, newest first. */
    list: call<ReceivedWebhook[]>()(
      z.object({
        eventType: webhookEventName.optional(),
        verdict: z.enum(WEBHOOK_VERDICTS).optional(),
        limit: limit(1000).optional(),
      }),
    ),
    clear: call<null>()(z.object({})),
    /** Sandbox workspaces only: subscribes the running receiver (default: every event name). */
    subscribeSandbox: call<SandboxSubscription>()(
      z.object({
        workspaceId,
        events: z.array(z.enum(ALL_WEBHOOK_EVENT_TYPES)).min(1).max(50).optional(),
      }),
    ),
    sandboxSubscriptions: call<SandboxSubscription[]>()(z.object({ workspaceId })),
    unsubscribeSandbox: call<{ deleted: true }>()(z.object({ workspaceId, subscriptionId: id })),
    /** The sandbox's delivery log (attempts, status, latency), newest first. */
    sandboxDeliveries: call<SandboxDelivery[]>()(z.object({ workspaceId, subscriptionId: id.optional() })),
    /** Checks a delivery captured elsewhere against the workspace's key; the same code as the receiver. */
    verify: call<WebhookVerification>()(
      z.object({
        workspaceId,
        headers: z.object({
          'X-Signature': z.string().max(500),
          'X-Timestamp': z.string().max(100),
          'X-Id': z.string().max(500).optional(),
        }),
        body: z.string().max(MAX_WEBHOOK_BODY_BYTES),
      }),
    ),
    /** Desktop notifications for these event types (valid deliveries only); [] turns them off. */
    setNotifications: call<WebhookReceiverStatus>()(
      z.object({ eventTypes: z.array(webhookEventName).max(50) }),
    ),
  },
} as const;

export type Contract = typeof contract;
export type Domain = keyof Contract;
export type CallName = { [D in Domain]: `${D}.${keyof Contract[D] & string}` }[Domain];

type DefOf<N extends CallName> = N extends `${infer D extends Domain}.${infer V}`
  ? V extends keyof Contract[D]
    ? Contract[D][V]
    : never
  : never;
export type CallInput<N extends CallName> = DefOf<N> extends CallDef<infer I, unknown> ? z.input<I> : never;
export type CallResult<N extends CallName> = DefOf<N> extends CallDef<z.ZodType, infer O> ? O : never;

// ---------------------------------------------------------------------------------------------
// Events main pushes

export interface ProgressEvent {
  jobId: string;
  /** Rows (or bytes for exports) done so far. */
  done: number;
  /** Total when the platform says it, else null. */
  total: number | null;
  pages: number;
  phase: 'running' | 'done' | 'cancelled' | 'failed';
}

export interface Events {
  progress: ProgressEvent;
  'workspace-changed': WorkspaceList;
  /** A delivery reached the local receiver (any verdict). */
  'webhook-received': ReceivedWebhook;
}
export type EventName = keyof Events;
export const EVENT_NAMES = [
  'progress',
  'workspace-changed',
  'webhook-received',
] as const satisfies readonly EventName[];

// ---------------------------------------------------------------------------------------------
// The renderer's API, derived from the contract

export type CopperApi = {
  [D in Domain]: {
    [V in keyof Contract[D]]: Contract[D][V] extends CallDef<infer I, infer O>
      ? (input: z.input<I>) => Promise<Result<O>>
      : never;
  };
} & {
  events: {
    on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void;
  };
};

/** Every call name, in a stable order, for transports that register channels. */
export const CALL_NAMES: readonly CallName[] = (Object.keys(contract) as Domain[]).flatMap((d) =>
  Object.keys(contract[d]).map((v) => `${d}.${v}` as CallName),
);

export const CHANNEL_PREFIX = 'copper:';
export const channelOf = (name: CallName): string => `${CHANNEL_PREFIX}${name}`;
export const eventChannelOf = (name: EventName): string => `${CHANNEL_PREFIX}event:${name}`;

export function lookupCall(name: string): CallDef<z.ZodType, unknown> | undefined {
  const dot = name.indexOf('.');
  if (dot < 0) return undefined;
  const domain = name.slice(0, dot);
  const verb = name.slice(dot + 1);
  if (!Object.hasOwn(contract, domain)) return undefined;
  const calls = contract[domain as Domain] as Record<string, CallDef<z.ZodType, unknown>>;
  return Object.hasOwn(calls, verb) ? calls[verb] : undefined;
}
