import { partialAcceptance } from '@shared/repayment-extent';

/**
 * Beside a repayment's amount: "Partial acceptance: 10 of 27.19 BTC requested." when less than the
 * request is accepted (the confirmation repeats it in its "Acceptance" row). Nothing otherwise.
 */
export function PartialAcceptanceNote({
  amount,
  requested,
  currency,
}: {
  amount: string;
  requested: string | null | undefined;
  currency: string;
}) {
  if (partialAcceptance(amount, requested, currency) === null) return null;
  return (
    <span className="notice small" role="status" data-testid="action-partial">
      <strong>Partial acceptance:</strong> {amount} of {requested} {currency} requested.
    </span>
  );
}
