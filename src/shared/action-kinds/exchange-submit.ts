/**
 * `exchange.submit`: one Hyperliquid exchange action through `POST /exchange` (platform-facts: the
 * body is `{ action, nonce, vaultAddress? }`). Its main side: src/main/actions/kinds/exchange-submit.ts.
 */
import { z } from 'zod';
import { exchangeAction, vaultAddress } from '../exchange-actions';
import { ownKind } from './declaration';

export const exchangeSubmit = ownKind({
  family: 'own',
  kind: 'exchange.submit',
  schema: z.strictObject({
    kind: z.literal('exchange.submit'),
    action: exchangeAction,
    vaultAddress: vaultAddress.optional(),
  }),
  title: 'Send exchange action',
  example: { kind: 'exchange.submit', action: { type: 'cancel', cancels: [{ a: 0, o: 1 }] } },
});
