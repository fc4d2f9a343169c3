import { useEffect, useState } from 'react';
import { formatDuration } from '../../lib/time';

/** "12 s" until an epoch-ms string, ticking each second; "now" once it has passed. */
export function Countdown({ until }: { until: string }) {
  const [now, setNow] = useState(() => Date.now());
  const left = Number(until) - now;
  useEffect(() => {
    if (left <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [left]);
  if (!(left > 0)) return <span data-testid="countdown">now</span>;
  // Whole seconds up, so the last second reads "1 s", not "0 s"; the console's one duration format.
  return <span data-testid="countdown">{formatDuration(Math.ceil(left / 1000) * 1000)}</span>;
}
