/**
 * The updater's status (src/renderer/src/components/updates/queries.ts): kept current by the
 * `update-status` event and by the answers of "Check now" and "Install", never asked twice.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MutationObserver, QueryObserver, type QueryClient } from '@tanstack/react-query';
import { fail } from '@shared/result';
import type { UpdateStatus } from '@shared/contract';
import { createQueryClient } from '../../../../src/renderer/src/state/query-client';
import {
  checkForUpdate,
  installUpdate,
  subscribeUpdateStatus,
  updateStatusQuery,
} from '../../../../src/renderer/src/components/updates/queries';
import { fakeCopper, settle, type FakeCopper } from '../../../support/fake-copper';

let client: QueryClient;
let copper: FakeCopper;

const status = (state: UpdateStatus['state']) => ({ state, currentVersion: '1.0.0' }) as UpdateStatus;

beforeEach(() => {
  client = createQueryClient();
  copper = fakeCopper();
});

afterEach(() => {
  client.clear();
  vi.unstubAllGlobals();
});

describe('update status', () => {
  it('is read once, then follows the event and the answers of check and install', async () => {
    copper.answerWith('updates.status', status('idle'));
    const off = subscribeUpdateStatus(client);
    const banner = new QueryObserver(client, updateStatusQuery);
    const settings = new QueryObserver(client, updateStatusQuery);
    const closers = [banner.subscribe(() => undefined), settings.subscribe(() => undefined)];
    await settle();
    expect(copper.of('updates.status')).toHaveLength(1);
    copper.emit('update-status', status('downloading'));
    expect(client.getQueryData(updateStatusQuery.queryKey)?.state).toBe('downloading');

    copper.answerWith('updates.check', status('ready'));
    await new MutationObserver(client, checkForUpdate(client)).mutate();
    expect(client.getQueryData(updateStatusQuery.queryKey)?.state).toBe('ready');

    copper.respond('updates.installOnRestart', () => fail('unsupported', 'Not installed'));
    const install = new MutationObserver(client, installUpdate(client));
    await install.mutate(false).catch(() => undefined);
    expect(copper.of('updates.installOnRestart').map((c) => c.input)).toEqual([{ now: false }]);
    expect(install.getCurrentResult().error?.message).toBe('Not installed');
    expect(client.getQueryData(updateStatusQuery.queryKey)?.state).toBe('ready');
    off();
    closers.forEach((close) => close());
  });
});
