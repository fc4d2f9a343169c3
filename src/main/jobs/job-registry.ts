/**
 * Long work (paging, exports) runs under a job id the renderer chose, so that `jobs.cancel` can
 * stop it. A job id in use cannot be started twice: a double click must not run an export twice.
 */
import { fail, type Result } from '../../shared/result';

export class JobRegistry {
  private readonly running = new Map<string, AbortController>();

  private start(jobId: string): AbortSignal | null {
    if (this.running.has(jobId)) return null;
    const controller = new AbortController();
    this.running.set(jobId, controller);
    return controller.signal;
  }

  /** Runs `work` as the job `jobId`; a second start of a running job is refused, not queued. */
  async run<T>(jobId: string, work: (signal: AbortSignal) => Promise<Result<T>>): Promise<Result<T>> {
    const signal = this.start(jobId);
    if (!signal) return fail('conflict', `A job named ${jobId} is already running.`);
    try {
      return await work(signal);
    } finally {
      // A cancelled job may already have been replaced by a new one under the same id.
      if (this.running.get(jobId)?.signal === signal) this.running.delete(jobId);
    }
  }

  cancel(jobId: string): boolean {
    const controller = this.running.get(jobId);
    if (!controller) return false;
    controller.abort();
    this.running.delete(jobId);
    return true;
  }

  cancelAll(): void {
    for (const controller of this.running.values()) controller.abort();
    this.running.clear();
  }
}
