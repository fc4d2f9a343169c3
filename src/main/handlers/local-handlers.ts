/** app.*, exports.*, jobs.* and history.*: work the main side does for the renderer. */
import { isAbsolute, join } from 'node:path';
import { existsSync } from 'node:fs';
import type { AppInfo, ProgressEvent, SavePathChoice } from '../../shared/contract';
import { fail, ok, type Result } from '../../shared/result';
import type { PlatformClients } from '../platform/platform-clients';
import type { EventBus } from '../events/event-bus';
import type { JobRegistry } from '../jobs/job-registry';
import type { RequestHistory } from '../history/request-history';
import { exportActivitiesCsv } from '../exports/activities-csv';
import { pacedProgress } from '../exports/job-pacing';
import { ensurePrivateExportDir } from '../exports/private-dir';
import type { HandlersFor } from './types';

/** Electron shows a native save dialog; the browser mode has none and lets the operator edit a path. */
export interface SaveDialog {
  choose(suggestedName: string): Promise<SavePathChoice>;
}

export interface LocalDeps {
  info: AppInfo;
  clients: PlatformClients;
  events: EventBus;
  jobs: JobRegistry;
  history: RequestHistory;
  saveDialog: SaveDialog | null;
  /** Where exports go by default when there is no native dialog. */
  exportDir: string;
  /** Shared with the journal's export; a fresh one when omitted. */
  exportPaths?: ExportPaths;
}

/**
 * A compromised renderer must not be able to write over arbitrary files: an export goes to a path
 * the native dialog returned (the dialog asked about overwriting), or to a new `.csv` file. One
 * instance is shared by every export (activities, journal), so a path chosen in the dialog works
 * for whichever export asked for it.
 */
export class ExportPaths {
  private readonly approved = new Set<string>();

  approve(filePath: string): void {
    this.approved.add(filePath);
  }

  check(filePath: string): Result<string> {
    if (filePath.includes('\0') || !isAbsolute(filePath))
      return fail('bad-input', 'filePath: must be an absolute path.');
    if (this.approved.has(filePath)) return ok(filePath);
    if (!filePath.toLowerCase().endsWith('.csv')) return fail('bad-input', 'filePath: must end in .csv.');
    if (existsSync(filePath))
      return fail('bad-input', `filePath: ${filePath} already exists; choose a new file name.`);
    return ok(filePath);
  }

  /** Whether the native dialog chose this path (and so asked about replacing a file there). */
  isApproved(filePath: string): boolean {
    return this.approved.has(filePath);
  }

  /** A dialog's approval is good for one export. */
  used(filePath: string): void {
    this.approved.delete(filePath);
  }
}

export function localHandlers(deps: LocalDeps): HandlersFor<'app' | 'exports' | 'jobs' | 'history'> {
  const exportPaths = deps.exportPaths ?? new ExportPaths();
  const progress = (event: ProgressEvent) => deps.events.emit('progress', event);
  return {
    'app.info': async () => ok(deps.info),

    'exports.chooseSavePath': async ({ suggestedName }) => {
      if (deps.saveDialog) {
        const choice = await deps.saveDialog.choose(suggestedName);
        if (choice.path) exportPaths.approve(choice.path);
        return ok(choice);
      }
      await ensurePrivateExportDir(deps.exportDir);
      return ok({ path: join(deps.exportDir, suggestedName), native: false });
    },
    'exports.activitiesCsv': async ({ workspaceId, jobId, filePath, maxRows, ...filters }) => {
      const target = exportPaths.check(filePath);
      if (!target.ok) return target;
      const resolved = await deps.clients.forWorkspace(workspaceId);
      if (!resolved.ok) return resolved;
      const { client, workspace } = resolved.value;
      const result = await deps.jobs.run(jobId, (signal) =>
        exportActivitiesCsv({
          client,
          organizationId: workspace.organizationId,
          filters,
          filePath: target.value,
          signal,
          jobId,
          maxRows,
          // Issue 30: the progress says when the export waits for the request budget, and until when.
          onProgress: pacedProgress(progress, {
            admit: () => deps.clients.guardFor(workspaceId).admit('bulk'),
            status: () => deps.clients.guardStatus(workspaceId),
          }),
          replaceExisting: exportPaths.isApproved(target.value),
        }),
      );
      if (result.ok) exportPaths.used(target.value);
      return result;
    },

    'jobs.cancel': async ({ jobId }) => ok({ cancelled: deps.jobs.cancel(jobId) }),

    'history.list': async (query) => ok(deps.history.list(query)),
    'history.operations': async ({ workspaceId }) => ok(deps.history.operations(workspaceId)),
    'history.clear': async ({ workspaceId }) => {
      await deps.history.clear(workspaceId);
      return ok(null);
    },
  };
}
