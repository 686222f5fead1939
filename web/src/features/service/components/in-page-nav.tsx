import styles from './in-page-nav.module.css';

/** Links to the sections of a long page (smooth-scrolled by the shell). */
export function InPageNav({ label, links }: { label: string; links: ReadonlyArray<{ href: string; label: string }> }) {
  return (
    <nav aria-label={label} className={styles.nav}>
      <ul className={styles.links}>
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href} className={styles.link}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
