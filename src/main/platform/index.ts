/** The platform client's public surface, for the router and the services. */
export { PlatformClient, CLOCK_SKEW_REPORT_MS } from './client';
export type {
  PlatformClientOptions,
  RequestOptions,
  RetryPolicy,
  Sleep,
  StreamAnswer,
  HttpMethod,
} from './client';
export { PlatformStreamError } from './body-stream';
export { buildPrehash, signRequest } from './signing';
export type { SignInput, SignedHeaders } from './signing';
export { buildQuery, encodeStrict, path, pathSegment, QUERY_NAMES } from './query';
export * from './operations';
export * from './fetch-all';
export { walkPages, toPage, PROGRESS_INTERVAL_MS } from './paging';
export type { PageAnswer, PageRequest, WalkOptions } from './paging';
export { testConnection } from './connection';
