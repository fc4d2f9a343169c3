/**
 * "Vault locked — unlock" wherever a key is needed (issue 29.4): the top bar, a workspace card, an
 * error panel. It says when the vault locked itself for idle time, and opens an inline passphrase
 * prompt. The passphrase is read from the form at submit and never kept in state. Shows nothing
 * while the vault is not locked.
 */
import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { keychainStatusQuery } from '../../state/queries';
import { Timestamp } from '../Timestamp';
import { usePopover } from '../use-popover';
import { ButtonRow } from '../view-kit/ButtonRow';
import { Form } from '../view-kit/Form';
import { FormField } from '../view-kit/fields';
import { autoLockText, vaultLocked } from './key-state';
import { vaultCall } from './queries';
import './vault.css';

interface UnlockFormProps {
  testId: string;
  /** Called after the vault opened. */
  onUnlocked?(): void;
  onCancel?(): void;
}

/** The passphrase prompt: unlocks the vault, or says why it did not (a wrong passphrase). */
export function UnlockForm({ testId, onUnlocked, onCancel }: UnlockFormProps) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Form
      layout="row"
      data-testid={testId}
      onSubmit={async (form) => {
        const passphrase = String(new FormData(form).get('passphrase') ?? '');
        form.reset();
        setBusy(true);
        setProblem(null);
        const res = await vaultCall({ call: 'keychain.unlockVault', passphrase });
        setBusy(false);
        if (!res.ok) setProblem(res.error.message);
        else onUnlocked?.();
      }}
    >
      <FormField
        label="Vault passphrase"
        type="password"
        name="passphrase"
        required
        autoComplete="current-password"
        testId={`${testId}-passphrase`}
      />
      <ButtonRow
        primary={{ label: busy ? 'Unlocking…' : 'Unlock', testId: `${testId}-submit`, disabled: busy }}
        secondary={[onCancel ? { label: 'Cancel', onClick: onCancel } : null]}
      />
      {problem ? (
        <span className="field-error small" role="alert" data-testid={`${testId}-problem`}>
          {problem}
        </span>
      ) : null}
    </Form>
  );
}

/** When the vault locked itself, and after how long: "Auto-locked after 15 idle minutes at …". */
function AutoLockNote({ testId }: { testId: string }) {
  const status = useQuery(keychainStatusQuery).data;
  const text = autoLockText(status);
  if (!text) return null;
  return (
    <span className="small" data-testid={`${testId}-auto`}>
      {text} at <Timestamp value={status?.vault.autoLocked?.at} />.
    </span>
  );
}

/** The top bar's chip: "Vault locked — unlock", opening the prompt beneath it. */
export function VaultLockedChip({ testId = 'vault-locked' }: { testId?: string }) {
  const status = useQuery(keychainStatusQuery).data;
  const { open, setOpen, ref, trigger } = usePopover<HTMLSpanElement>();
  if (!vaultLocked(status)) return null;
  const auto = autoLockText(status);
  return (
    <span className="vault-chip" ref={ref}>
      <button
        type="button"
        className="btn small warn"
        data-testid={testId}
        title={`${auto ? `${auto}. ` : ''}The keys stored in the vault cannot be used until it is unlocked.`}
        {...trigger}
      >
        Vault locked — unlock
      </button>
      {open ? (
        <div className="vault-popover" data-popover-panel role="group" aria-label="Unlock the vault">
          <AutoLockNote testId={testId} />
          <UnlockForm
            testId={`${testId}-form`}
            onUnlocked={() => setOpen(false)}
            onCancel={() => setOpen(false)}
          />
        </div>
      ) : null}
    </span>
  );
}

/**
 * The same inside a panel (a workspace card, an error banner): "Vault locked", when it locked
 * itself, and an Unlock button that opens the prompt in place.
 */
export function VaultLockedInline({ testId = 'vault-locked-inline' }: { testId?: string }) {
  const status = useQuery(keychainStatusQuery).data;
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  if (!vaultLocked(status)) return null;
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <div className="vault-locked-inline" data-testid={testId}>
      <div className="vault-locked-line">
        <strong>Vault locked</strong>
        <AutoLockNote testId={testId} />
        {!open ? (
          <button
            type="button"
            ref={button}
            className="btn small primary"
            data-testid={`${testId}-unlock`}
            onClick={() => setOpen(true)}
          >
            Unlock…
          </button>
        ) : null}
      </div>
      {open ? <UnlockForm testId={`${testId}-form`} onCancel={close} /> : null}
    </div>
  );
}
