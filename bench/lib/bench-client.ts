/** The console's own platform client, signing with the benchmarks' sandbox key, with no guard. */
import { createHmacSigner } from '../../src/main/keychain/hmac-signer';
import { RequestHistory } from '../../src/main/history/request-history';
import { PlatformClient } from '../../src/main/platform/client';
import { BENCH_KEY, BENCH_SECRET } from './servers';

export function benchClient(baseUrl: string): PlatformClient {
  const signer = createHmacSigner(BENCH_KEY, BENCH_SECRET);
  return new PlatformClient({
    workspaceId: 'bench',
    baseUrl,
    signer: async () => signer,
    history: new RequestHistory(),
  });
}
