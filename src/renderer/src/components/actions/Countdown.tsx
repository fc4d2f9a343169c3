import { useEffect, useState } from 'react';

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
  const s = Math.ceil(left / 1000);
  return <span data-testid="countdown">{s >= 60 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${s} s`}</span>;
}
