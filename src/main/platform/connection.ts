/**
 * "Test connection" for a workspace: one cheap signed read that proves the base URL, the key and
 * the signature, and reports latency and the server's clock offset.
 */
import { performance } from 'node:perf_hooks';
import type { ConnectionTest } from '../../shared/contract';
import type { Result } from '../../shared/result';
import type { PlatformClient } from './client';
import { listPortfolios } from './operations';

export async function testConnection(
  client: PlatformClient,
  signal?: AbortSignal,
): Promise<Result<ConnectionTest>> {
  const started = performance.now();
  const result = await listPortfolios(client, {}, { signal });
  if (!result.ok) return result;
  return {
    ok: true,
    value: {
      latencyMs: Math.round(performance.now() - started),
      clockSkewMs: client.clockSkewMs,
      portfolios: result.value.length,
    },
  };
}
