import type { CopperApi } from '@shared/contract';

/**
 * The only way the renderer reaches the main side: `window.copper`, installed by the preload (or,
 * in browser mode, by the web transport). Read through `globalThis` (the window in a page) so that
 * modules which only build calls can be unit-tested in node.
 */
export function copper(): CopperApi {
  return (globalThis as unknown as { copper: CopperApi }).copper;
}

/** A job id for calls that report progress; unique per call so cancels never hit another job. */
export function newJobId(prefix: string): string {
  const rand = Math.random().toString(36).slice(2, 10);
  return `${prefix}-${Date.now().toString(36)}-${rand}`;
}
