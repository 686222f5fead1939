import styles from './wordmark.module.css';

/** The JAKA wordmark (text and a brand mark, until the CMS logo is wired in). */
export function Wordmark({ inverse = false }: { inverse?: boolean }) {
  return (
    <span className={styles.wordmark} data-inverse={inverse}>
      <svg viewBox="0 0 28 28" width="28" height="28" aria-hidden="true" className={styles.mark}>
        <path d="M6 4h16l-6 20H0z" fill="var(--color-brand)" />
        <path d="M22 4h6l-6 20h-6z" fill="currentColor" opacity="0.9" />
      </svg>
      <span className={styles.text}>JAKA</span>
    </span>
  );
}
