/**
 * `exchange.submit`: one Hyperliquid exchange action through `POST /exchange` (platform-facts: the
 * body is `{ action, nonce, vaultAddress? }`; the platform signs it with the API key's agent
 * wallet). The answer is judged entry by entry against the entries sent. The platform offers no
 * read of the exchange's orders, so an unknown outcome is settled by the operator's own finding.
 * An order below the exchange's minimum value (MIN_ORDER_NOTIONAL_USD, the same shared check the
 * order ticket applies) is refused here, the authority, before anything is built.
 */
import { exchangeSubmit as declared } from '../../../shared/action-kinds/exchange-submit';
import {
  describeExchangeAction,
  expectedStatuses,
  minNotionalRefusal,
  readExchangeAnswer,
  type ExchangeVerdict,
} from '../../../shared/exchange-actions';
import type { ActionOutcome } from '../../../shared/actions';
import { ok } from '../../../shared/result';
import { exchangeAnswer } from '../../platform/shape';
import { canonicalValue } from '../canonical';
import { DO_NOT_RESEND, type ActionKindSpec } from './kind-spec';
import { clip, definedOnly, flattenFields, refuse } from './request-parts';

function exchangeHeadline(exchange: ExchangeVerdict, errors: number): string {
  const n = exchange.statuses.length;
  switch (exchange.verdict) {
    case 'all-ok':
      return `The exchange accepted it${n ? ` (${n} of ${n} entries ok)` : ''}.`;
    case 'partly-failed':
      return `Partly failed: the exchange refused ${errors} of ${n} entries; the others went through.`;
    case 'failed':
      return `Failed: the exchange refused it${exchange.message ? `: ${exchange.message}` : ' (every entry has an error)'}.`;
    case 'unknown': {
      const sent = exchange.sent ?? n;
      const missing = exchange.unanswered ?? 0;
      const which =
        missing > 0
          ? `the fate of ${missing} ${missing === 1 ? 'entry is' : 'entries are'} unknown`
          : `${-missing} more status${-missing === 1 ? '' : 'es'} than entries came back, so none can be matched for sure`;
      return `Outcome unknown: the exchange answered for ${n} of the ${sent} entries sent; ${which}. ${DO_NOT_RESEND}`;
    }
  }
}

export const exchangeSubmit: ActionKindSpec<'exchange.submit'> = {
  kind: declared.kind,
  schema: declared.schema,
  operation: { method: 'POST', path: '/exchange' },
  mediaType: 'application/json',
  title: declared.title,
  example: declared.example,
  // No read is needed: the nonce is the only thing the console adds, strictly increasing.
  async build(ctx, input) {
    const small = minNotionalRefusal(input.action);
    if (small !== null) return refuse(small.message, small.field);
    const entries = expectedStatuses(input.action);
    const body = definedOnly({
      action: input.action,
      nonce: ctx.nextNonce(),
      vaultAddress: input.vaultAddress,
    });
    return ok({
      title: `Send exchange action “${input.action.type}”`,
      target: `Exchange (${describeExchangeAction(input.action)})`,
      method: 'POST',
      path: '/exchange',
      contentType: 'application/json',
      body: JSON.stringify(body),
      fields: flattenFields(body),
      context: [{ label: 'What it does', value: describeExchangeAction(input.action) }],
      warnings: [],
      expect: exchangeAnswer,
      check: entries === undefined ? {} : { entries },
    });
  },
  dedup: {
    // Many distinct orders are normal: the whole action is compared, by meaning ("100.0" is "100").
    object: (input) => canonicalValue({ action: input.action, vaultAddress: input.vaultAddress }),
    text: (input) =>
      clip(
        `the exchange (${describeExchangeAction(input.action)})` +
          (input.vaultAddress !== undefined ? ` for vault ${input.vaultAddress}` : ''),
      ),
    legacy: (input) => `exchange ${JSON.stringify(input.action)} ${input.vaultAddress ?? ''}`,
  },
  check: {
    plan: (t) => ({
      available: false,
      what:
        'The platform offers no read of the exchange’s orders. Look at the agent wallet’s open orders and fills on ' +
        `the exchange for nonce ${t.nonce ?? '(see the request)'}, then record here what you found.`,
    }),
  },
  answered(answer, asked) {
    const exchange = readExchangeAnswer(answer, asked?.entries);
    const errors = exchange.statuses.filter((s) => s.kind === 'error').length;
    // A refusal of every entry is a refusal: nothing happened on the exchange.
    const outcome: ActionOutcome =
      exchange.verdict === 'failed' ? 'refused' : exchange.verdict === 'unknown' ? 'unknown' : 'done';
    return { outcome, headline: exchangeHeadline(exchange, errors), answer, exchange, status: 200 };
  },
};
