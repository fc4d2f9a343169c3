/** updates.*: the router's side of the update service. */
import { ok } from '../../shared/result';
import type { HandlersFor } from '../handlers/types';
import type { UpdateService } from './update-service';

export function registerUpdateHandlers(deps: { updates: UpdateService }): HandlersFor<'updates'> {
  return {
    'updates.status': async () => ok(deps.updates.status()),
    'updates.configure': (input) => deps.updates.configure(input),
    'updates.check': () => deps.updates.check(),
    'updates.installOnRestart': (input) => deps.updates.installOnRestart(input.now === true),
  };
}
