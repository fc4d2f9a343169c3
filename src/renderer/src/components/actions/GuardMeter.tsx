import { useEffect, useState } from 'react';
import type { GuardCounter, GuardStatus } from '@shared/platform/limits';
import { copper } from '../../lib/api';
import { Countdown } from './Countdown';

const level = (c: GuardCounter) =>
  c.count >= c.limit - 1 ? 'danger' : c.count >= c.limit * 0.5 ? 'warn' : 'ok';

/**
 * The lockout guard's counters for the workspace: failed authentications this hour, refused
 * requests this minute, requests in the 5-minute budget, and a countdown while the console holds
 * requests back. The main side keeps the counts and decides; this only shows them.
 */
export function GuardMeter({ workspaceId }: { workspaceId: string }) {
  const [status, setStatus] = useState<GuardStatus | null>(null);
  useEffect(() => {
    let live = true;
    const load = () =>
      void copper()
        .guard.status({ workspaceId })
        .then((res) => {
          if (live && res.ok) setStatus(res.value);
        });
    load();
    const off = copper().events.on('guard-changed', (e) => {
      if (e.workspaceId === workspaceId) load();
    });
    // Windows roll on without requests: refresh now and then so counts fall back.
    const timer = setInterval(load, 15_000);
    return () => {
      live = false;
      off();
      clearInterval(timer);
    };
  }, [workspaceId]);
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
