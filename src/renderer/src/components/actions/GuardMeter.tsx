import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { GuardCounter } from '@shared/platform/limits';
import { Countdown } from './Countdown';
import { guardStatusQuery } from './queries';
import { guardMeterTexts } from './guard-explain';

const level = (c: GuardCounter) =>
  c.count >= c.limit - 1 ? 'danger' : c.count >= c.limit * 0.5 ? 'warn' : 'ok';

/**
 * The lockout guard's counters for the workspace: failed authentications this hour, refused
 * requests this minute, requests in the 5-minute budget, and a countdown while the console holds
 * requests back. The main side keeps the counts and decides; this only shows them. Each count
 * explains its limit in a tooltip on hover and keyboard focus (guard-explain.ts).
 */
export function GuardMeter({ workspaceId }: { workspaceId: string }) {
  const status = useQuery(guardStatusQuery(workspaceId)).data ?? null;
  const id = useId();
  if (status === null) return null;
  return (
    <span className="guard-meter" data-testid="guard-meter">
      {guardMeterTexts(status).map(({ name, short, explanation, counter }) => (
        // Focusable, so that keyboard users get the explanation too (a tooltip on focus).
        <span
          key={name}
          className={`guard-count guard-${level(counter)}`}
          tabIndex={0}
          aria-describedby={`${id}-${name}`}
          data-testid={`guard-${name}`}
        >
          {short}
          <span role="tooltip" id={`${id}-${name}`} className="guard-tip" data-testid={`guard-${name}-tip`}>
            {explanation}
          </span>
        </span>
      ))}
      {status.refusing ? (
        <span
          className="guard-count guard-danger"
          data-testid="guard-refusing"
          title={status.refusing.reason}
        >
          waiting <Countdown until={status.refusing.retryAt} />
        </span>
      ) : null}
    </span>
  );
}
