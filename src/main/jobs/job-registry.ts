/**
 * Long work (paging, exports) runs under a job id the renderer chose, so that `jobs.cancel` can
 * stop it. A job id in use cannot be started twice: a double click must not run an export twice.
 */
export class JobRegistry {
  private readonly running = new Map<string, AbortController>();

  start(jobId: string): AbortSignal | null {
    if (this.running.has(jobId)) return null;
    const controller = new AbortController();
    this.running.set(jobId, controller);
    return controller.signal;
  }

  finish(jobId: string): void {
    this.running.delete(jobId);
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
