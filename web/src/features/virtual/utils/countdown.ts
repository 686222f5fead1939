/**
 * The trial's remaining time: the server's `remainingSeconds` at the moment of its answer,
 * ticked down locally each second and re-synced with every new answer.
 */
import { useEffect, useState } from 'react';

/** Seconds as `HH:MM:SS` (hours not capped at 24; never negative). */
export function formatRemaining(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return [h, m, s].map((n) => String(n).padStart(2, '0')).join(':');
}

/** Seconds as an ISO 8601 duration (`PT3H59M5S`), for `<time dateTime>`. */
export function isoDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `PT${h}H${m}M${s}S`;
}

/** What is left `now`, of `remainingSeconds` answered at `answeredAt` (both ms since the epoch). */
export function remainingAt(remainingSeconds: number, answeredAt: number, now: number): number {
  const elapsed = Math.max(0, Math.floor((now - answeredAt) / 1000));
  return Math.max(0, remainingSeconds - elapsed);
}

/**
 * The remaining seconds, ticking each second while `running` (an active or upgrading trial; a
 * trial being created has not started its timer). A new answer (`answeredAt`) re-syncs it.
 */
export function useRemainingSeconds(remainingSeconds: number, answeredAt: number, running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (!running) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running, answeredAt]);
  return running ? remainingAt(remainingSeconds, answeredAt, now) : remainingSeconds;
}
