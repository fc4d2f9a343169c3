/** The exchange kind's form: the composer (ExchangeComposer.tsx), its action and optional vault. */
import type { InputOf } from '@shared/actions';
import type { ExchangeAction } from '@shared/exchange-actions';
import type { ActionForm } from '../../components/actions/action-form';

export interface ExchangeActionForm extends ActionForm<'exchange.submit'> {
  input(action: ExchangeAction, vaultAddress: string): InputOf<'exchange.submit'>;
}

export const EXCHANGE_ACTION_FORMS: { readonly 'exchange.submit': ExchangeActionForm } = {
  'exchange.submit': {
    kind: 'exchange.submit',
    label: 'Review & send…',
    where: 'Agent wallets → exchange composer',
    input: (action, vaultAddress) => ({
      kind: 'exchange.submit',
      action,
      ...(vaultAddress ? { vaultAddress } : {}),
    }),
  },
};
