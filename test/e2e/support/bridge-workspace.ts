/**
 * Workspaces and prepared actions made through the page's bridge (`window.copper`), as a script in
 * the page could: for the specs that need a workspace the built-in sandbox is not (one in
 * production, or one whose platform refuses connections), without going through the forms.
 */
import type { Page } from '@playwright/test';
import type { ActionResult, PreparedAction } from '../../../src/shared/actions';
import type { CopperApi } from '../../../src/shared/contract';
import type { Result } from '../../../src/shared/result';

export type NewWorkspace = Parameters<CopperApi['workspaces']['create']>[0] & {
  apiKey: string;
  apiSecret: string;
};

/**
 * Creates the workspace and stores its API key (first creating the vault where no OS keychain
 * holds keys); returns the workspace's id. A refusal at either step fails with its message.
 */
export function createWorkspaceWithKey(page: Page, workspace: NewWorkspace): Promise<string> {
  return page.evaluate(async ({ apiKey, apiSecret, ...fields }) => {
    const api = (window as unknown as { copper: CopperApi }).copper;
    const vault = await api.keychain.status({});
    if (vault.ok && !vault.value.osKeychainAvailable && !vault.value.vault.exists)
      await api.keychain.createVault({ passphrase: 'quartz-lantern-orbit-meadow-7193' });
    const ws = await api.workspaces.create(fields);
    if (!ws.ok) throw new Error(`create: ${ws.error.message}`);
    const key = await api.keychain.setKey({ workspaceId: ws.value.id, apiKey, apiSecret });
    if (!key.ok) throw new Error(`key: ${key.error.message}`);
    return ws.value.id;
  }, workspace);
}

/**
 * Prepares an exchange "scheduleCancel" in the workspace (it needs no read to prepare: nothing
 * leaves this machine) and executes it once per phrase given (null: none). Returns the
 * phrase the prepared action requires and each execute's answer: "sent", or the refusal's code.
 */
export function executeWithPhrases(
  page: Page,
  workspaceId: string,
  phrases: (string | null)[],
): Promise<{ phraseRequired: string | null; answers: string[] }> {
  return page.evaluate(
    async ({ workspaceId, phrases }) => {
      const api = (window as unknown as { copper: CopperApi }).copper;
      const prepared = (await api.actions.prepare({
        workspaceId,
        action: { kind: 'exchange.submit', action: { type: 'scheduleCancel' } },
      })) as Result<PreparedAction>;
      if (!prepared.ok) throw new Error(`prepare: ${prepared.error.message}`);
      const answers: string[] = [];
      for (const phrase of phrases) {
        const id = prepared.value.id;
        const answer = (await api.actions.execute(
          phrase === null ? { id } : { id, phrase },
        )) as Result<ActionResult>;
        answers.push(answer.ok ? 'sent' : answer.error.code);
      }
      return { phraseRequired: prepared.value.phraseRequired, answers };
    },
    { workspaceId, phrases },
  );
}
