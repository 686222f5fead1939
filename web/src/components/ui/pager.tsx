import styles from './pager.module.css';

export interface PagerLabels {
  /** Name of the navigation landmark, e.g. "Pages of positions". */
  nav: string;
  previous: string;
  next: string;
  /** Accessible name of a page button, e.g. "Page 3". */
  page: (page: number) => string;
}

export interface PagerProps {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  labels: PagerLabels;
}

/** Page numbers around the current one, with gaps (0) where pages are left out. */
export function pageWindow(page: number, pageCount: number): number[] {
  const wanted = new Set([1, pageCount, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pageCount));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: number[] = [];
  for (const p of sorted) {
    const last = out.at(-1);
    if (last !== undefined && p - last > 1) out.push(0);
    out.push(p);
  }
  return out;
}

/** Previous, page numbers, next; nothing when everything fits on one page. Labels come from the caller's catalogue. */
export function Pager({ page, pageCount, onPageChange, labels }: PagerProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={labels.nav} className={styles.pager}>
      <button type="button" className={styles.step} disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
          <path d="M7.5 2.5 4 6l3.5 3.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
        <span>{labels.previous}</span>
      </button>
      <ul className={styles.pages}>
        {pageWindow(page, pageCount).map((p, index) =>
          p === 0 ? (
            <li key={`gap-${index}`} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <button
                type="button"
                className={styles.number}
                aria-label={labels.page(p)}
                aria-current={p === page ? 'page' : undefined}
                onClick={() => onPageChange(p)}
              >
                {p}
              </button>
            </li>
          ),
        )}
      </ul>
      <button type="button" className={styles.step} disabled={page >= pageCount} onClick={() => onPageChange(page + 1)}>
        <span>{labels.next}</span>
        <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
          <path d="M4.5 2.5 8 6l-3.5 3.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      </button>
    </nav>
  );
}
