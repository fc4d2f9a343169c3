/** Shared set-up for client tests: a verifying server and a client pointed at it. */
import { afterAll, afterEach, beforeAll } from 'vitest';
import { RequestHistory } from '../../../src/main/history/request-history';
import { PlatformClient, type PlatformClientOptions } from '../../../src/main/platform/client';
import { TEST_API_KEY, TEST_API_SECRET, referenceSigner } from '../../support/reference-hmac';
import { startVerifyingServer, type VerifyingServer } from '../../support/verifying-server';

export interface Fixture {
  server: VerifyingServer;
  history: RequestHistory;
  sleeps: number[];
  client(overrides?: Partial<PlatformClientOptions>): PlatformClient;
}

export async function startFixture(): Promise<Fixture> {
  const server = await startVerifyingServer({ apiKey: TEST_API_KEY, apiSecret: TEST_API_SECRET });
  const history = new RequestHistory();
  const sleeps: number[] = [];
  return {
    server,
    history,
    sleeps,
    client: (overrides = {}) =>
      new PlatformClient({
        workspaceId: 'ws-test',
        baseUrl: server.baseUrl,
        signer: async () => referenceSigner(TEST_API_KEY, TEST_API_SECRET),
        history,
        // Backoff is recorded, not waited for, so retry tests run instantly.
        sleep: async (ms) => {
          sleeps.push(ms);
        },
        random: () => 0.5,
        ...overrides,
      }),
  };
}

/**
 * The fixture for one test file: started before its tests, closed after them, and reset after each
 * test (no handler, no hits, no recorded sleeps, an empty request history).
 */
export function useClientFixture(): Fixture {
  let started: Fixture | undefined;
  beforeAll(async () => {
    started = await startFixture();
  });
  afterAll(() => started?.server.close());
  afterEach(() => {
    if (started === undefined) return;
    started.server.setHandler(null);
    started.server.hits.length = 0;
    started.sleeps.length = 0;
    started.history.clear();
  });
  const live = (): Fixture => {
    if (started === undefined) throw new Error('the client fixture is used outside a test');
    return started;
  };
  return {
    get server() {
      return live().server;
    },
    get history() {
      return live().history;
    },
    get sleeps() {
      return live().sleeps;
    },
    client: (overrides) => live().client(overrides),
  };
}
