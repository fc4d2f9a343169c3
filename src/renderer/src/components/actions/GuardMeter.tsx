import { useQuery } from '@tanstack/react-query';
import type { GuardCounter } from '@shared/platform/limits';
import { Countdown } from './Countdown';
import { guardStatusQuery } from './queries';

const level = (c: GuardCounter) =>
  c.count >= c.limit - 1 ? 'danger' : c.count >= c.limit * 0.5 ? 'warn' : 'ok';

/**
 * The lockout guard's counters for the workspace: failed authentications this hour, refused
 * requests this minute, requests in the 5-minute budget, and a countdown while the console holds
 * requests back. The main side keeps the counts and decides; this only shows them.
 */
export function GuardMeter({ workspaceId }: { workspaceId: string }) {
  const status = useQuery(guardStatusQuery(workspaceId)).data ?? null;
  if (status === null) return null;
  const items: [string, string, GuardCounter][] = [
    ['auth', 'Failed authentications in the last hour (the key locks at the limit)', status.authFailures],
    [
      'refused',
      'Refused requests in the last minute (your user locks at the limit)',
      status.businessFailures,
    ],
    ['requests', 'Requests in the last 5 minutes (the platform slows down past the limit)', status.requests],
  ];
  return (
    <span className="guard-meter" data-testid="guard-meter">
      {items.map(([name, title, c]) => (
        <span
          key={name}
          className={`guard-count guard-${level(c)}`}
          title={title}
          data-testid={`guard-${name}`}
        >
          {name} {c.count}/{c.limit}
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
