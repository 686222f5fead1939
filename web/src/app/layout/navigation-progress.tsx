import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import styles from './navigation-progress.module.css';

/** How far the bar creeps while waiting, as a share of the width. */
const START = 0.1;
const CEILING = 0.9;
const TRICKLE_MS = 250;

/**
 * A thin progress bar at the top while the router loads the next page's code and data (what
 * nprogress does, in a few lines: it creeps towards 90 %, jumps to 100 % and fades when done).
 */
export function NavigationProgress() {
  const busy = useNavigation().state !== 'idle';
  const [progress, setProgress] = useState(0);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (busy) {
      setVisible(true);
      setProgress(START);
      const timer = setInterval(() => setProgress((p) => p + (CEILING - p) * 0.15), TRICKLE_MS);
      return () => clearInterval(timer);
    }
    setProgress((p) => (p > 0 ? 1 : 0));
    const timer = setTimeout(() => {
      setVisible(false);
      setProgress(0);
    }, 350);
    return () => clearTimeout(timer);
  }, [busy]);

  return (
    <div className={styles.track} data-visible={visible} aria-hidden="true" data-testid="navigation-progress" data-busy={busy}>
      <div className={styles.bar} style={{ transform: `scaleX(${progress})` }} />
    </div>
  );
}
