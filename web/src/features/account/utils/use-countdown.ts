import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Whole seconds left until a moment set with `start(seconds)`, read from the clock (so a
 * throttled background tab is right again when it wakes up). 0 when not running.
 */
export function useCountdown(): { seconds: number; start: (seconds: number) => void } {
  const [seconds, setSeconds] = useState(0);
  const [runs, setRuns] = useState(0);
  const endRef = useRef(0);

  useEffect(() => {
    if (runs === 0) return undefined;
    const timer = setInterval(() => {
      const left = Math.max(0, Math.ceil((endRef.current - Date.now()) / 1000));
      setSeconds(left);
      if (left === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [runs]);

  const start = useCallback((value: number) => {
    const whole = Math.max(0, Math.ceil(value));
    endRef.current = Date.now() + whole * 1000;
    setSeconds(whole);
    setRuns((n) => n + 1);
  }, []);

  return { seconds, start };
}
