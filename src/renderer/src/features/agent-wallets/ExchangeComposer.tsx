import { useMemo, useState } from 'react';
import type { WorkspaceView } from '@shared/contract';
import type { Portfolio } from '@shared/platform/resources';
import { Badge } from '../../components/Badge';
import { openConfirm, useInFlight } from '../../components/confirm/confirm-store';
import { JsonBlock } from '../../components/JsonBlock';
import { copper } from '../../lib/api';
import { PortfolioSelect } from '../portfolios-wallets/PortfolioSelect';
import { describeAction, nextNonce, template, TEMPLATE_TYPES, validateActionText } from './exchange-actions';
import { SessionList } from './SessionList';
import { useExchangeSession, useSentActions } from './session-store';

const VAULT_RE = /^0x[0-9a-fA-F]{40}$/;

interface ExchangeComposerProps {
  workspace: WorkspaceView;
  portfolios: Portfolio[] | null;
  portfolioId: string | undefined;
  onPortfolio(id: string | undefined): void;
}

/** Compose a Hyperliquid exchange action, validate it, confirm it, send it once, show the answer. */
export function ExchangeComposer({ workspace, portfolios, portfolioId, onPortfolio }: ExchangeComposerProps) {
  const [text, setText] = useState(() => JSON.stringify(template('order', Date.now()), null, 2));
  const [vault, setVault] = useState('');
  const [shownNonce, setShownNonce] = useState<number | null>(null);
  const sent = useSentActions(workspace.id);
  const busyKey = `${workspace.id}:exchange`;
  const inFlight = useInFlight(busyKey);
  const validation = useMemo(() => validateActionText(text), [text]);
  const vaultOk = vault.trim() === '' || VAULT_RE.test(vault.trim());
  const shown = sent.find((s) => s.nonce === shownNonce) ?? sent[0];
  const blocked = !portfolioId
    ? 'Choose the portfolio whose agent wallet signs.'
    : !vaultOk
      ? 'Vault address must be 0x + 40 hex digits.'
      : null;

  const review = () => {
    if (!validation.ok || !portfolioId || !vaultOk) return;
    const action = validation.action;
    const pid = portfolioId;
    const vaultAddress = vault.trim() || undefined;
    const name = portfolios?.find((p) => p.portfolioId === pid)?.portfolioName;
    openConfirm({
      title: `Send exchange action “${action.type}”`,
      actionLabel: 'Send to exchange',
      workspace,
      target: `Portfolio ${name ? `${name} · ` : ''}${pid}`,
      key: busyKey,
      details: [
        { label: 'Action', value: describeAction(action) },
        ...(vaultAddress ? [{ label: 'Vault', value: <span className="mono">{vaultAddress}</span> }] : []),
        { label: 'Body', value: <JsonBlock value={action} /> },
      ],
      run: async () => {
        // The nonce is taken at the moment of sending, so a confirmation left open never sends a stale one.
        const nonce = nextNonce();
        const session = useExchangeSession.getState();
        session.add(workspace.id, {
          nonce,
          sentAt: Date.now(),
          portfolioId: pid,
          action,
          vaultAddress,
          state: 'sent',
        });
        setShownNonce(nonce);
        const res = await copper().exchange.submit({
          workspaceId: workspace.id,
          portfolioId: pid,
          action,
          nonce,
          ...(vaultAddress ? { vaultAddress } : {}),
        });
        if (!res.ok) {
          session.settle(workspace.id, nonce, { state: 'failed', error: res.error });
          return { ok: false, error: res.error };
        }
        session.settle(workspace.id, nonce, { state: 'returned', response: res.value });
        const summary =
          res.value.status === 'ok'
            ? `The exchange answered ok (${res.value.response.type}).`
            : `The exchange refused it: ${res.value.response}`;
        return { ok: true, summary };
      },
    });
  };

  return (
    <section className="composer" data-testid="exchange-composer">
      <div className="composer-editor">
        <h2 className="pane-title">Exchange composer</h2>
        <div className="actions-row">
          <PortfolioSelect
            portfolios={portfolios}
            value={portfolioId}
            label="Portfolio (agent wallet)"
            allLabel="Choose…"
            testId="composer-portfolio"
            onChange={onPortfolio}
          />
          <label className="field">
            Vault address (optional)
            <input
              className="mono"
              value={vault}
              onChange={(e) => setVault(e.target.value)}
              placeholder="0x…"
              data-testid="composer-vault"
              style={{ width: 200 }}
            />
          </label>
        </div>
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
        <textarea
          className="composer-text"
          data-testid="composer-json"
          spellCheck={false}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={!validation.ok}
          aria-label="Action JSON"
        />
        <div className="actions-row">
          {validation.ok ? (
            <span className="small" data-testid="composer-valid">
              <Badge value="ok" label="valid" /> {describeAction(validation.action)}
            </span>
          ) : (
            <span className="field-error" data-testid="composer-error">
              {validation.error}
            </span>
          )}
          <span className="topbar-spacer" />
          {blocked ? <span className="why-not">{blocked}</span> : null}
          <button
            type="button"
            className="btn primary"
            data-testid="action-exchange-submit"
            disabled={!validation.ok || blocked !== null || inFlight}
            onClick={review}
          >
            {inFlight ? 'Sending…' : 'Review & send…'}
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
          ) : shown.state === 'sent' ? (
            <p className="muted">
              <span className="spinner" aria-hidden /> Waiting for the answer…
            </p>
          ) : shown.state === 'failed' ? (
            <div className="error-banner" role="alert">
              <span className="error-message">
                {shown.error?.code}: {shown.error?.message}
              </span>
            </div>
          ) : (
            <>
              <Badge value={shown.response?.status} />
              <JsonBlock value={shown.response} />
            </>
          )}
        </div>
        <SessionList
          sent={sent}
          selected={shown?.nonce ?? null}
          onSelect={setShownNonce}
          workspaceId={workspace.id}
        />
      </div>
    </section>
  );
}
