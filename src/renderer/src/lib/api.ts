import type { CopperApi } from '@shared/contract';

/** The only way the renderer reaches the main side. */
export function copper(): CopperApi {
  return window.copper;
}

/** A job id for calls that report progress; unique per call so cancels never hit another job. */
export function newJobId(prefix: string): string {
  const rand = Math.random().toString(36).slice(2, 10);
  return `${prefix}-${Date.now().toString(36)}-${rand}`;
}
