/**
 * Where a key is needed, a locked vault reads "Vault locked — unlock" with an Unlock action, and
 * says when it locked itself; "No API key" only when no key is stored (issue 29.4).
 */
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { ErrorBanner } from '../../../../../src/renderer/src/components/ErrorBanner';
import { KeyChip } from '../../../../../src/renderer/src/components/vault/KeyChip';
import { VaultLockedInline } from '../../../../../src/renderer/src/components/vault/VaultLocked';
import { AUTO_LOCKED, LOCKED, UNLOCKED, withStatus, workspace } from './key-fixtures';

describe('KeyChip (the top bar)', () => {
  it('a locked vault is "Vault locked — unlock", never "No API key"', () => {
    const out = withStatus(LOCKED, createElement(KeyChip, { workspace: workspace() }));
    expect(out).toContain('Vault locked — unlock');
    expect(out).toContain('data-testid="vault-locked"');
    expect(out).not.toContain('No API key');
  });

  it('says in its tooltip that the vault locked itself, and after how long', () => {
    const out = withStatus(AUTO_LOCKED, createElement(KeyChip, { workspace: workspace() }));
    expect(out).toContain('title="Auto-locked after 15 idle minutes. The keys stored in the vault');
  });

  it('no key in an unlocked vault is "No API key — configure"; a stored key or no status shows nothing', () => {
    expect(withStatus(UNLOCKED, createElement(KeyChip, { workspace: workspace() }))).toContain(
      'No API key — configure',
    );
    expect(
      withStatus(UNLOCKED, createElement(KeyChip, { workspace: workspace({ keyConfigured: true }) })),
    ).toBe('');
    expect(withStatus(undefined, createElement(KeyChip, { workspace: workspace() }))).toBe('');
  });
});

describe('VaultLockedInline', () => {
  it('shows "Vault locked", when it locked itself, and an Unlock button; nothing once unlocked', () => {
    const out = withStatus(AUTO_LOCKED, createElement(VaultLockedInline, { testId: 'v' }));
    expect(out).toContain('<strong>Vault locked</strong>');
    expect(out).toContain('Auto-locked after 15 idle minutes at');
    expect(out).toContain('data-testid="v-unlock"');
    expect(withStatus(LOCKED, createElement(VaultLockedInline, { testId: 'v' }))).not.toContain(
      'Auto-locked',
    );
    expect(withStatus(UNLOCKED, createElement(VaultLockedInline, { testId: 'v' }))).toBe('');
  });
});

describe('ErrorBanner', () => {
  const error = { code: 'vault-locked' as const, message: 'The encrypted vault is locked.' };
  it('offers Unlock beside Retry for a locked vault', () => {
    const out = withStatus(LOCKED, createElement(ErrorBanner, { error, onRetry: () => {} }));
    expect(out).toContain('data-testid="error-vault-locked-unlock"');
    expect(out).toContain('data-testid="retry"');
  });

  it('offers no Unlock for another error', () => {
    const out = withStatus(LOCKED, createElement(ErrorBanner, { error: { code: 'no-key', message: 'x' } }));
    expect(out).not.toContain('Unlock');
  });
});
