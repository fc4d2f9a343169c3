/** preferences.*: app-wide preferences the renderer's settings show (the operator name). */
import { fail, ok } from '../../shared/result';
import type { PreferencesStore } from '../preferences/preferences-store';
import type { HandlersFor } from './types';

export interface PreferencesDeps {
  preferences: PreferencesStore;
}

export function preferencesHandlers({ preferences }: PreferencesDeps): HandlersFor<'preferences'> {
  return {
    'preferences.operatorName': async () => ok(preferences.operatorNameView()),
    // The contract's schema checked and trimmed the name; null goes back to the OS account name.
    'preferences.setOperatorName': async ({ name }) => {
      try {
        await preferences.setOperatorName(name);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? 'write failed';
        return fail(
          'io',
          `The operator name could not be saved (${code}); it applies until the app restarts.`,
        );
      }
      return ok(preferences.operatorNameView());
    },
  };
}
