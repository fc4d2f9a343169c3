/**
 * A workspace card under each key state (issue 29.4): a locked vault is not "no key", its Set key
 * is disabled and says why, and the card offers Unlock; a missing key keeps Set key.
 */
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { WorkspaceCard } from '../../../../src/renderer/src/features/workspaces/WorkspaceCard';
import { AUTO_LOCKED, UNLOCKED, withStatus, workspace } from '../components/vault/key-fixtures';

const card = (status: typeof UNLOCKED, keyConfigured = false) =>
  withStatus(status, createElement(WorkspaceCard, { workspace: workspace({ keyConfigured }), active: true }));

/** The Set key button's markup. */
const setKey = (html: string) =>
  /<button[^>]*data-testid="set-key"[^>]*>[^<]*<\/button>/.exec(html)?.[0] ?? '';

describe('WorkspaceCard', () => {
  it('a locked vault: "vault locked", Unlock offered, Set key disabled with the reason, never "no key"', () => {
    const out = card(AUTO_LOCKED);
    expect(out).toContain('data-key-state="vault-locked"');
    expect(out).toContain('vault locked: key not readable');
    expect(out).not.toContain('>no key<');
    expect(out).toContain('data-testid="card-vault-locked-unlock"');
    expect(out).toContain('Auto-locked after 15 idle minutes at');
    expect(setKey(out)).toContain('disabled=""');
    expect(setKey(out)).toContain('aria-describedby="set-key-why-ws-1"');
    expect(out).toMatch(/id="set-key-why-ws-1"[^>]*>Set key is disabled while the vault is locked/);
  });

  it('no key in a readable store: "no key", Set key enabled, no Unlock', () => {
    const out = card(UNLOCKED);
    expect(out).toContain('>no key<');
    expect(setKey(out)).toContain('>Set key<');
    expect(setKey(out)).not.toContain('disabled');
    expect(out).not.toContain('Unlock');
    expect(out).not.toContain('set-key-why');
  });

  it('a stored key: "key configured" and Replace key', () => {
    const out = card(UNLOCKED, true);
    expect(out).toContain('>key configured<');
    expect(setKey(out)).toContain('>Replace key<');
  });
});
