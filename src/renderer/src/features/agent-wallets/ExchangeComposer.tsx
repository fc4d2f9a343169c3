import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { WorkspaceView } from '@shared/contract';
import type { PreparedAction } from '@shared/actions';
import {
  describeExchangeAction,
  vaultAddress as vaultSchema,
  type ExchangeAction,
} from '@shared/exchange-actions';
import type { ExchangeAsset } from '@shared/exchange-assets';
import type { AgentWallet } from '@shared/platform/resources';
import { Badge } from '../../components/Badge';
import { ErrorBanner } from '../../components/ErrorBanner';
import { ActionErrorBanner, OutcomeView } from '../../components/actions/OutcomeView';
import { useActionLauncher } from '../../components/actions/use-action';
import { useVerdicts } from '../../components/actions/verdicts';
import { usePortfolios } from '../../state/portfolios';
import { toAppError } from '../../state/query-client';
import { EXCHANGE_ACTION_FORMS } from './exchange-action-form';
import { template, TEMPLATE_TYPES, validateActionText } from './exchange-actions';
import { JsonEditor, TextField } from '../../components/view-kit';
import { AssetTablePanel } from './AssetTablePanel';
import { OrderTicket } from './OrderTicket';
import { preparedLines } from './order-ticket';
import { agentWalletsQuery, exchangeAssetsQuery } from './queries';
import { SessionList } from './SessionList';
import { signerOf } from './signer';
import { useExchangeSession, useSentActions } from './session-store';

type Mode = 'ticket' | 'json';
const NO_ASSETS: ExchangeAsset[] = [];

/**
 * Compose a Hyperliquid exchange action, with the order ticket's fields (OrderTicket.tsx) or as
 * JSON ("Advanced", every other action type), validated with the shared schema; review the exact
 * request the main side prepared (its nonce included; its orders as lines), send it once, and read
 * the answer order by order. The body is platform-facts' `{action, nonce, vaultAddress?}`: the
 * platform signs with the API key's own agent wallet, so no portfolio is chosen here; the ticket
 * names the one the console believes it is (`selectedWallet`, else the only active one).
 */
export function ExchangeComposer({
  workspace,
  selectedWallet = null,
}: {
  workspace: WorkspaceView;
  selectedWallet?: AgentWallet | null;
}) {
  const [mode, setMode] = useState<Mode>('ticket');
  const [vault, setVault] = useState('');
  const [shownId, setShownId] = useState<string | null>(null);
  const session = useSentActions(workspace.id);
  const settled = useVerdicts((s) => s.settled);
  // The session's rows say what settled an unknown outcome (Check now or the operator's word).
  const sent = useMemo(
    () => session.map((s) => (settled[s.id] ? { ...s, settled: settled[s.id]?.settled } : s)),
    [session, settled],
  );
  const launcher = useActionLauncher();
  // "The same action has an unknown outcome" no longer holds once an action is settled.
  // Only a settlement clears it: the refusal stays while the first action is unknown.
  const { error: launchError, reset: resetLaunch } = launcher;
  const seenSettled = useRef(settled);
  useEffect(() => {
    if (seenSettled.current === settled) return;
    seenSettled.current = settled;
    if (launchError?.code === 'action-in-progress') resetLaunch();
  }, [settled, launchError, resetLaunch]);
  const table = useQuery(exchangeAssetsQuery(workspace.id));
  const wallets = useQuery(agentWalletsQuery(workspace.id, {}));
  const portfolios = usePortfolios(workspace.id);
  const assets = table.data?.assets ?? NO_ASSETS;
  const signer = useMemo(() => {
    const names = new Map((portfolios.data ?? []).map((p) => [p.portfolioId, p.portfolioName]));
    return signerOf(wallets.data?.agentWallets ?? null, selectedWallet, (id) => names.get(id));
  }, [wallets.data, portfolios.data, selectedWallet]);
  const vaultOk = vault === '' || vaultSchema.safeParse(vault).success;
  const shown = sent.find((s) => s.id === shownId) ?? sent[0];

  const review = (action: ExchangeAction) => {
    if (!vaultOk) return;
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
      // The confirmation lists what the prepared body's exact bytes say, not what was typed.
      (prepared: PreparedAction) => preparedLines(prepared.request.body, assets),
    );
  };

  const vaultField = (
    <TextField
      label="Vault address (optional)"
      className="mono"
      value={vault}
      onChange={setVault}
      placeholder="0x…"
      testId="composer-vault"
      width={200}
      problem={vaultOk ? null : 'Vault address must be 0x + 40 hex digits.'}
    />
  );

  return (
    <section className="composer" data-testid="exchange-composer">
      <div className="composer-editor" style={{ overflow: 'auto' }}>
        <div className="actions-row">
          <h2 className="pane-title">Exchange</h2>
          <span className="topbar-spacer" />
          <div className="actions-row" role="group" aria-label="How to compose">
            {(
              [
                ['ticket', 'Order ticket'],
                ['json', 'Advanced (JSON)'],
              ] as const
            ).map(([m, label]) => (
              <button
                key={m}
                type="button"
                className={mode === m ? 'btn small primary' : 'btn small'}
                aria-pressed={mode === m}
                data-testid={`composer-mode-${m}`}
                onClick={() => setMode(m)}
              >
                {label}
              </button>
            ))}
          </div>
        </div>
        {mode === 'ticket' ? (
          table.data ? (
            <>
              <OrderTicket
                key={workspace.id}
                assets={assets}
                signer={signer}
                preparing={launcher.preparing}
                onReview={review}
                vaultField={vaultField}
              />
              <AssetTablePanel workspaceId={workspace.id} table={table.data} />
            </>
          ) : table.error ? (
            <ErrorBanner error={toAppError(table.error)} testId="asset-table-unreadable" />
          ) : (
            <p className="muted small">Reading the asset table…</p>
          )
        ) : (
          <>
            <p className="small muted">
              The platform signs with this API key&apos;s agent wallet; the nonce is set when the request is
              prepared.
            </p>
            {vaultField}
            <JsonComposer preparing={launcher.preparing} onReview={review} />
          </>
        )}
        {launcher.error ? <ActionErrorBanner error={launcher.error} testId="composer-refused" /> : null}
        {Object.entries(launcher.fieldErrors).map(([field, message]) => (
          <p key={field} className="field-error" data-testid="composer-field-refused">
            {field}: {message}
          </p>
        ))}
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

/** The advanced mode: any agent-signed action as JSON, from a template or typed. */
function JsonComposer({
  preparing,
  onReview,
}: {
  preparing: boolean;
  onReview(action: ExchangeAction): void;
}) {
  const [text, setText] = useState(() => JSON.stringify(template('order', Date.now()), null, 2));
  const validation = useMemo(() => validateActionText(text), [text]);
  return (
    <>
      <p className="small muted" data-testid="composer-user-signed">
        Not offered: user-signed actions such as usdClassTransfer. Hyperliquid requires signatureChainId,
        hyperliquidChain and a nonce signed with the account&apos;s own EIP-712 key, which the console does
        not hold; do those on the exchange itself.
      </p>
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
      <JsonEditor
        testId="composer-json"
        value={text}
        onChange={setText}
        label="Action JSON"
        problem={validation.ok ? null : validation.error}
        problemTestId="composer-error"
        valid={
          validation.ok && (
            <span className="small" data-testid="composer-valid">
              <Badge value="ok" label="valid" /> {describeExchangeAction(validation.action)}
            </span>
          )
        }
      >
        <span className="topbar-spacer" />
        <button
          type="button"
          className="btn primary"
          data-testid={`action-${EXCHANGE_ACTION_FORMS['exchange.submit'].kind}`}
          disabled={!validation.ok || preparing}
          onClick={() => validation.ok && onReview(validation.action)}
        >
          {preparing ? 'Preparing…' : EXCHANGE_ACTION_FORMS['exchange.submit'].label}
        </button>
      </JsonEditor>
    </>
  );
}
