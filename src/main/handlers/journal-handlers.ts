/** journal.*: the Journal view's calls. The journal is written by the actions service, never from here. */
import { fail, ok, type Result } from '../../shared/result';
import type { ExportPaths } from './local-handlers';
import type { HandlersFor } from './types';
import type { Logger } from '../log/logger';
import { readBlotter } from '../journal/blotter';
import { exportJournalCsv } from '../journal/csv-export';
import type { Journals } from '../journal/journals';
import { JournalInputError } from '../journal/types';
import { describeVerdict } from '../journal/verify';

export interface JournalDeps {
  journals: Journals;
  exportPaths: ExportPaths;
  log: Logger;
}

/** Bad ids are the caller's to fix; anything else is a disk problem, logged without detail. */
async function guarded<T>(log: Logger, what: string, run: () => Promise<T>): Promise<Result<T>> {
  try {
    return ok(await run());
  } catch (error) {
    if (error instanceof JournalInputError) return fail('bad-input', error.message);
    log.error('journal', `${what} failed`, error);
    return fail('io', `The journal could not be read (${what}); see the log.`);
  }
}

export function journalHandlers(deps: JournalDeps): HandlersFor<'journal'> {
  const { journals, log } = deps;
  return {
    'journal.query': ({ workspaceId, ...filter }) =>
      guarded(log, 'query', () => journals.query(workspaceId, filter)),
    'journal.actions': ({ workspaceId, ...filter }) =>
      guarded(log, 'actions', () => journals.actions(workspaceId, filter)),
    'journal.blotter': ({ workspaceId, ...filter }) =>
      guarded(log, 'blotter', () => readBlotter(journals, workspaceId, filter)),
    'journal.entry': ({ workspaceId, seq }) => guarded(log, 'entry', () => journals.entry(workspaceId, seq)),
    'journal.verify': ({ workspaceId }) =>
      guarded(log, 'verify', async () => {
        const result = await journals.verify(workspaceId);
        return { ...result, text: describeVerdict(result) };
      }),
    'journal.unsettled': ({ workspaceId }) =>
      guarded(log, 'unsettled', () => journals.unsettled(workspaceId)),
    'journal.exportCsv': async ({ workspaceId, filePath, ...filter }) => {
      const target = deps.exportPaths.check(filePath);
      if (!target.ok) return target;
      const result = await guarded(log, 'export', () =>
        exportJournalCsv(journals, workspaceId, filter, target.value),
      );
      if (result.ok) deps.exportPaths.used(target.value);
      return result;
    },
  };
}
