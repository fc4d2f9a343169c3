/**
 * updates.*: the router's side of the update service. The renderer reads the status, checks now and
 * chooses when a verified update installs; the feed and the consent come only from the policy file.
 */
import { ok } from '../../shared/result';
import type { HandlersFor } from './types';
import type { UpdateService } from '../updater/update-service';

export function updateHandlers(deps: { updates: UpdateService }): HandlersFor<'updates'> {
  return {
    'updates.status': async () => ok(deps.updates.status()),
    'updates.check': () => deps.updates.check(),
    'updates.installOnRestart': (input) => deps.updates.installOnRestart(input.now === true),
  };
}
