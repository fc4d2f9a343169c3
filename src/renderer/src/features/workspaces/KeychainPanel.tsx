import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { KeychainStatus } from '@shared/contract';
import {
  MIN_PASSPHRASE_LENGTH,
  passphraseStrength,
  type PassphraseStrength,
} from '@shared/passphrase-strength';
import type { AppError } from '@shared/result';
import { MAX_AUTO_LOCK_MINUTES, MIN_AUTO_LOCK_MINUTES } from '@shared/vault-settings';
import { ErrorBanner } from '../../components/ErrorBanner';
import { useWorkspaceList } from '../../state/workspace-store';
import { PassphraseStrengthMeter } from './PassphraseStrength';
import { ButtonRow, Form, FormField } from '../../components/view-kit';
import { autoLockText } from '../../components/vault/key-state';
import { vaultCall } from '../../components/vault/queries';
import { UnlockForm } from '../../components/vault/VaultLocked';
import { Timestamp } from '../../components/Timestamp';
import { autoLockQuery, setAutoLock } from './queries';

interface KeychainPanelProps {
  status: KeychainStatus | null;
}

/**
 * Where keys are kept. When the OS keychain is missing the operator is told, and offered the
 * encrypted vault; the passphrase is read from the form at submit and never held in state.
 */
export function KeychainPanel({ status }: KeychainPanelProps) {
  const [error, setError] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);
  // Only zxcvbn's verdict is kept, never the passphrase itself.
  const [strength, setStrength] = useState<PassphraseStrength | null>(null);
  const autoLock = useQuery(autoLockQuery).data?.minutes ?? null;
  const [autoLockNote, setAutoLockNote] = useState<string | null>(null);
  // The meter scores with the names the renderer knows (the main side adds the OS account name
  // and decides): the app's words are added by passphraseStrength itself.
  const workspaces = useWorkspaceList();
  const userInputs = workspaces.flatMap((w) => [w.name, w.organizationId]);

  if (!status) return null;
  const needVault = !status.osKeychainAvailable || status.backend === 'vault';

  const autoLocked = autoLockText(status);

  const create = async (form: HTMLFormElement) => {
    const data = new FormData(form);
    const passphrase = String(data.get('passphrase') ?? '');
    const repeat = String(data.get('repeat') ?? '');
    form.reset();
    setStrength(null);
    if (passphrase !== repeat) {
      setError({ code: 'bad-input', message: 'The two passphrases differ.' });
      return;
    }
    setBusy(true);
    setError(null);
    const res = await vaultCall({ call: 'keychain.createVault', passphrase });
    setBusy(false);
    if (!res.ok) setError(res.error);
  };

  return (
    <section className="card" data-testid="keychain-panel" data-backend={status.backend}>
      <h3>Key storage</h3>
      <p className="small">
        Backend: <strong data-testid="keychain-backend">{status.backend}</strong>
        {status.backend === 'vault' ? (
          <>
            {' '}
            · vault {status.vault.exists
              ? status.vault.unlocked
                ? 'unlocked'
                : 'locked'
              : 'not created'} · <span className="mono">{status.vault.path}</span>
          </>
        ) : null}
      </p>
      {!status.osKeychainAvailable ? (
        <div className="notice" data-testid="keychain-unavailable">
          The OS keychain is not available on this machine
          {status.osKeychainError ? <> ({status.osKeychainError})</> : null}. API secrets are kept in an
          encrypted vault file instead, unlocked with a passphrase. Nothing is ever stored in plain text.
        </div>
      ) : null}
      {status.backend === 'memory' ? (
        <div className="notice">Keys are held in memory only and are forgotten when the console stops.</div>
      ) : null}
      {needVault && !status.vault.exists ? (
        <Form layout="grid" data-testid="vault-create" aria-label="Create the vault" onSubmit={create}>
          <FormField
            label={`New vault passphrase (${MIN_PASSPHRASE_LENGTH}+ characters, hard to guess)`}
            type="password"
            name="passphrase"
            minLength={MIN_PASSPHRASE_LENGTH}
            required
            autoComplete="new-password"
            testId="vault-passphrase"
            // Only the verdict is kept in state, never the passphrase.
            onChange={(value) => setStrength(value === '' ? null : passphraseStrength(value, userInputs))}
          >
            <PassphraseStrengthMeter strength={strength} />
          </FormField>
          <FormField
            label="Repeat passphrase"
            type="password"
            name="repeat"
            minLength={MIN_PASSPHRASE_LENGTH}
            required
            autoComplete="new-password"
            testId="vault-passphrase-repeat"
          />
          <ButtonRow
            primary={{
              label: 'Create vault',
              testId: 'vault-create-submit',
              disabled: busy || (strength !== null && !strength.acceptable),
            }}
          />
        </Form>
      ) : null}
      {needVault && status.vault.exists && !status.vault.unlocked ? (
        <>
          <div className="notice" data-testid="vault-locked-notice">
            {autoLocked ? (
              <span data-testid="vault-auto-locked">
                {autoLocked} at <Timestamp value={status.vault.autoLocked?.at} />.{' '}
              </span>
            ) : null}
            The vault is locked: the keys stored in it are still there, but cannot be used or replaced until
            it is unlocked with its passphrase.
          </div>
          <UnlockForm testId="vault-unlock" />
        </>
      ) : null}
      {status.backend === 'vault' && status.vault.unlocked ? (
        <ButtonRow
          secondary={[
            {
              label: 'Lock vault',
              onClick: () =>
                void vaultCall({ call: 'keychain.lockVault' }).then((r) => {
                  if (!r.ok) setError(r.error);
                }),
            },
          ]}
        />
      ) : null}
      {status.backend === 'vault' && status.vault.exists && autoLock !== null ? (
        <Form
          layout="row"
          data-testid="vault-auto-lock"
          aria-label="Auto-lock"
          onSubmit={(form) => {
            const minutes = Number(new FormData(form).get('minutes'));
            setAutoLockNote(null);
            void setAutoLock(minutes).then((r) => {
              if (!r.ok) return setError(r.error);
              const m = r.value.minutes;
              setAutoLockNote(`The vault now locks after ${m} idle ${m === 1 ? 'minute' : 'minutes'}.`);
            });
          }}
        >
          <FormField
            label="Lock the vault after (idle minutes)"
            type="number"
            name="minutes"
            min={MIN_AUTO_LOCK_MINUTES}
            max={MAX_AUTO_LOCK_MINUTES}
            step={1}
            required
            defaultValue={autoLock}
            key={autoLock}
            testId="vault-auto-lock-minutes"
          />
          <ButtonRow primary={{ label: 'Save' }} done={autoLockNote} />
        </Form>
      ) : null}
      {error ? <ErrorBanner error={error} testId="keychain-error" /> : null}
    </section>
  );
}
