/**
 * The live row stores. Each belongs to an owner (a workspace's view, e.g. `ws-1:activities`): a new
 * store for the same owner replaces the old one, a workspace's stores go when it closes, and at
 * most MAX_LIVE_STORES live at once (the oldest is dropped), so a forgotten store cannot keep a
 * million rows alive for the rest of the session.
 */
import { randomBytes } from 'node:crypto';
import { fail, ok, type Result } from '../../shared/result';
import type { RowWindow, RowWindowInput } from '../../shared/row-model';
import type { Activity } from '../../shared/platform/resources';
import type { ActivityStore } from './activity-store';

export const MAX_LIVE_STORES = 4;

interface Entry {
  owner: string;
  store: ActivityStore;
}

export class RowStores {
  private readonly live = new Map<string, Entry>();

  get count(): number {
    return this.live.size;
  }

  /** Keeps `store` for `owner`, releasing the owner's previous store; returns its id. */
  add(owner: string, store: ActivityStore): string {
    for (const [id, entry] of this.live) if (entry.owner === owner) this.live.delete(id);
    while (this.live.size >= MAX_LIVE_STORES) {
      const oldest = this.live.keys().next().value as string;
      this.live.delete(oldest);
    }
    const id = `rs-${randomBytes(8).toString('hex')}`;
    this.live.set(id, { owner, store });
    return id;
  }

  release(storeId: string): boolean {
    return this.live.delete(storeId);
  }

  /** Drops every store of owners starting with `prefix` (a workspace id and ':'). */
  releaseOwnedBy(prefix: string): number {
    let n = 0;
    for (const [id, entry] of this.live)
      if (entry.owner.startsWith(prefix)) {
        this.live.delete(id);
        n++;
      }
    return n;
  }

  window(input: RowWindowInput): Result<RowWindow<Activity>> {
    const entry = this.live.get(input.storeId);
    if (!entry)
      return fail(
        'not-found',
        `Row store ${input.storeId} is gone (released after a reload, a newer load or the workspace closing): load the rows again`,
        { field: 'storeId' },
      );
    const total = entry.store.rows;
    if (input.offset > total)
      return fail('bad-input', `offset ${input.offset} is past the end: the store has ${total} rows`, {
        field: 'offset',
      });
    return ok({
      storeId: input.storeId,
      offset: input.offset,
      rows: entry.store.window(input.offset, input.count, input.sort),
      total,
      sort: input.sort,
    });
  }
}
