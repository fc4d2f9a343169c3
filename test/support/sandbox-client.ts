/**
 * The console's platform client signed with the test key, and a small seeded sandbox that knows
 * that key: the pair the client's integration tests read through.
 */
import { RequestHistory } from '../../src/main/history/request-history';
import { PlatformClient } from '../../src/main/platform';
import { startSandbox, type RunningSandbox } from '../../src/sandbox';
import { TEST_API_KEY, TEST_API_SECRET, referenceSigner } from './reference-hmac';

/** The console's client for `baseUrl`, signed with the test key (and `secret`: a wrong one, to be refused). */
export function testClient(
  workspaceId: string,
  baseUrl: string,
  history = new RequestHistory(),
  secret = TEST_API_SECRET,
): PlatformClient {
  return new PlatformClient({
    workspaceId,
    baseUrl,
    signer: async () => referenceSigner(TEST_API_KEY, secret),
    history,
  });
}

/** A small sandbox (seed 7) keyed with the test key, and a client for it. */
export async function startSandboxClient(
  workspaceId: string,
  history = new RequestHistory(),
): Promise<{ sandbox: RunningSandbox; client: PlatformClient }> {
  const sandbox = await startSandbox({
    port: 0,
    seed: 7,
    size: 'small',
    apiKey: TEST_API_KEY,
    apiSecret: TEST_API_SECRET,
  });
  return { sandbox, client: testClient(workspaceId, sandbox.baseUrl, history) };
}

/** The value of an ok result; a failed one throws with its code and message. */
export const unwrap = <T>(
  r: { ok: true; value: T } | { ok: false; error: { code: string; message: string } },
): T => {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
};
