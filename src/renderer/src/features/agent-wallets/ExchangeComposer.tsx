import { useMemo, useState } from 'react';
import type { WorkspaceView } from '@shared/contract';
import { describeExchangeAction, vaultAddress as vaultSchema } from '@shared/exchange-actions';
import { Badge } from '../../components/Badge';
import { ErrorBanner } from '../../components/ErrorBanner';
import { OutcomeView } from '../../components/actions/OutcomeView';
import { useActionLauncher } from '../../components/actions/use-action';
import { EXCHANGE_ACTION_FORMS } from './exchange-action-form';
import { template, TEMPLATE_TYPES, validateActionText } from './exchange-actions';
import { JsonTextArea, TextField } from '../../components/view-kit';
import { SessionList } from './SessionList';
import { useExchangeSession, useSentActions } from './session-store';

/**
 * Compose a Hyperliquid exchange action, validate it with the shared schema, review the exact
 * request the main side prepared (its nonce included), send it once, and read the answer order by
 * order. The body is platform-facts' `{action, nonce, vaultAddress?}`: the platform signs with the
 * API key's own agent wallet, so no portfolio is chosen here.
 */
export function ExchangeComposer({ workspace }: { workspace: WorkspaceView }) {
  const [text, setText] = useState(() => JSON.stringify(template('order', Date.now()), null, 2));
  const [vault, setVault] = useState('');
  const [shownId, setShownId] = useState<string | null>(null);
  const sent = useSentActions(workspace.id);
  const launcher = useActionLauncher();
  const validation = useMemo(() => validateActionText(text), [text]);
  const vaultOk = vault === '' || vaultSchema.safeParse(vault).success;
  const shown = sent.find((s) => s.id === shownId) ?? sent[0];
  const blocked = !vaultOk ? 'Vault address must be 0x + 40 hex digits.' : null;

  const review = () => {
    if (!validation.ok || !vaultOk) return;
    const action = validation.action;
    void launcher.launch(
      workspace.id,
      EXCHANGE_ACTION_FORMS['exchange.submit'].input(action, vault),
      (result, prepared) => {
        useExchangeSession.getState().add(workspace.id, {
          id: result.id,
          nonce: prepared.fields.find((f) => f.name === 'nonce')?.value ?? '',
          prepared,
          sentAt: Date.now(),
          action,
          ...(vault ? { vaultAddress: vault } : {}),
          result,
        });
        setShownId(result.id);
      },
    );
  };

  return (
    <section className="composer" data-testid="exchange-composer">
      <div className="composer-editor">
        <h2 className="pane-title">Exchange composer</h2>
        <p className="small muted">
          The platform signs with this API key's agent wallet; the nonce is set when the request is prepared.
        </p>
        <p className="small muted" data-testid="composer-user-signed">
          Not offered: user-signed actions such as usdClassTransfer. Hyperliquid requires signatureChainId,
          hyperliquidChain and a nonce signed with the account&apos;s own EIP-712 key, which the console does
          not hold; do those on the exchange itself.
        </p>
        <TextField
          label="Vault address (optional)"
          className="mono"
          value={vault}
          onChange={setVault}
          placeholder="0x…"
          testId="composer-vault"
          width={200}
        />
        <div className="actions-row" role="group" aria-label="Templates">
          {TEMPLATE_TYPES.map((t) => (
            <button
              key={t}
              type="button"
              className="btn small"
              data-testid={`template-${t}`}
              onClick={() => setText(JSON.stringify(template(t, Date.now()), null, 2))}
            >
              {t}
            </button>
          ))}
        </div>
        <JsonTextArea
          testId="composer-json"
          value={text}
          onChange={setText}
          invalid={!validation.ok}
          label="Action JSON"
        />
        <div className="actions-row">
          {validation.ok ? (
            <span className="small" data-testid="composer-valid">
              <Badge value="ok" label="valid" /> {describeExchangeAction(validation.action)}
            </span>
          ) : (
            <span className="field-error" data-testid="composer-error">
              {validation.error}
            </span>
          )}
          <span className="topbar-spacer" />
          {blocked ? <span className="why-not">{blocked}</span> : null}
          {launcher.error ? <ErrorBanner error={launcher.error} testId="composer-refused" /> : null}
          <button
            type="button"
            className="btn primary"
            data-testid={`action-${EXCHANGE_ACTION_FORMS['exchange.submit'].kind}`}
            disabled={!validation.ok || blocked !== null || launcher.preparing}
            onClick={review}
          >
            {launcher.preparing ? 'Preparing…' : EXCHANGE_ACTION_FORMS['exchange.submit'].label}
          </button>
        </div>
      </div>
      <div className="composer-result">
        <h2 className="pane-title">
          Answer {shown ? <span className="muted small">(nonce {shown.nonce})</span> : null}
        </h2>
        <div className="composer-answer" data-testid="exchange-response">
          {!shown ? (
            <p className="muted small">Nothing sent yet in this session.</p>
          ) : (
            <OutcomeView prepared={shown.prepared} result={shown.result} />
          )}
        </div>
        <SessionList
          sent={sent}
          selected={shown?.id ?? null}
          onSelect={setShownId}
          workspaceId={workspace.id}
        />
      </div>
    </section>
  );
}
