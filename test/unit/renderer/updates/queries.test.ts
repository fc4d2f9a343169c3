/**
 * The updater's status (src/renderer/src/components/updates/queries.ts): kept current by the
 * `update-status` event and by the answers of "Check now" and "Install", never asked twice.
 */
import { describe, expect, it } from 'vitest';
import { MutationObserver, QueryObserver } from '@tanstack/react-query';
import { fail } from '@shared/result';
import type { UpdateStatus } from '@shared/contract';
import {
  checkForUpdate,
  installUpdate,
  subscribeUpdateStatus,
  updateStatusQuery,
} from '../../../../src/renderer/src/components/updates/queries';
import { settle } from '../../../support/fake-copper';
import { useQueryFixture } from '../../../support/fixtures/query-client';

const q = useQueryFixture();

const status = (state: UpdateStatus['state']) => ({ state, currentVersion: '1.0.0' }) as UpdateStatus;

describe('update status', () => {
  it('is read once, then follows the event and the answers of check and install', async () => {
    q.copper.answerWith('updates.status', status('idle'));
    const off = subscribeUpdateStatus(q.client);
    const banner = new QueryObserver(q.client, updateStatusQuery);
    const settings = new QueryObserver(q.client, updateStatusQuery);
    const closers = [banner.subscribe(() => undefined), settings.subscribe(() => undefined)];
    await settle();
    expect(q.copper.of('updates.status')).toHaveLength(1);
    q.copper.emit('update-status', status('downloading'));
    expect(q.client.getQueryData(updateStatusQuery.queryKey)?.state).toBe('downloading');

    q.copper.answerWith('updates.check', status('ready'));
    await new MutationObserver(q.client, checkForUpdate(q.client)).mutate();
    expect(q.client.getQueryData(updateStatusQuery.queryKey)?.state).toBe('ready');

    q.copper.respond('updates.installOnRestart', () => fail('unsupported', 'Not installed'));
    const install = new MutationObserver(q.client, installUpdate(q.client));
    await install.mutate(false).catch(() => undefined);
    expect(q.copper.of('updates.installOnRestart').map((c) => c.input)).toEqual([{ now: false }]);
    expect(install.getCurrentResult().error?.message).toBe('Not installed');
    expect(q.client.getQueryData(updateStatusQuery.queryKey)?.state).toBe('ready');
    off();
    closers.forEach((close) => close());
  });
});
