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
import { ALL_WEBHOOK_EVENT_TYPES, ENVIRONMENTS } from './platform/enums';
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

import {
  activitiesQuery,
  activityFilters,
  clearLoopQuery,
  collateralInput,
  cryptoAddressesQuery,
  decimalString,
  epochMsString,
  exchangeActionSchema,
  id,
  job,
  jobId,
  limit,
  loanTarget,
  loansQuery,
  ltvDryRunBody,
  portfoliosQuery,
  walletsQuery,
  accountsQuery,
  workspaceId,
} from './contract-inputs';
import type {
  AllRows,
  AppInfo,
  ConnectionTest,
  ExportResult,
  HistoryEntry,
  KeychainStatus,
  Page,
  ProgressEvent,
  SavePathChoice,
  WorkspaceList,
  WorkspaceView,
} from './contract-views';

export * from './contract-webhooks';
export * from './contract-inputs';
export * from './contract-views';

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
        workspaceId: workspaceId.optional(),
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
