import type { Ref } from 'react';
import { ContentHtml } from '@/components/ui/article';
import { Skeleton } from '@/components/ui/skeleton';
import type { Faq } from '../api/faq';
import styles from './faq-accordion.module.css';

export interface FaqAccordionProps {
  items: readonly Faq[];
  openIds: ReadonlySet<number>;
  onToggle: (id: number) => void;
  /** The question a link asked for: marked, and its button gets this ref (to scroll and focus). */
  highlightedId?: number | null;
  highlightRef?: Ref<HTMLButtonElement>;
  /** Searched words, marked in the questions. */
  query?: string;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function Marked({ text, query }: { text: string; query: string }) {
  const words = query.trim().split(/\s+/).filter(Boolean).map(escapeRegExp);
  if (words.length === 0) return <>{text}</>;
  const parts = text.split(new RegExp(`(${words.join('|')})`, 'gi'));
  return <>{parts.map((part, i) => (i % 2 === 1 ? <mark key={i}>{part}</mark> : part))}</>;
}

/**
 * Questions as an accordion (WAI-ARIA pattern): each question is a button in a heading that
 * shows or hides its answer (CMS rich text, sanitised).
 */
export function FaqAccordion({ items, openIds, onToggle, highlightedId = null, highlightRef, query = '' }: FaqAccordionProps) {
  return (
    <ul className={styles.list}>
      {items.map((faq) => {
        const open = openIds.has(faq.id);
        const buttonId = `faq-${faq.id}-question`;
        const answerId = `faq-${faq.id}-answer`;
        const highlighted = faq.id === highlightedId;
        return (
          <li key={faq.id} className={styles.item} data-open={open} data-highlighted={highlighted || undefined}>
            <h3 className={styles.heading}>
              <button
                ref={highlighted ? highlightRef : undefined}
                type="button"
                id={buttonId}
                className={styles.question}
                aria-expanded={open}
                aria-controls={answerId}
                onClick={() => onToggle(faq.id)}
              >
                <span className={styles.mark} aria-hidden="true">
                  Q
                </span>
                <span className={styles.questionText}>
                  <Marked text={faq.question} query={query} />
                </span>
                <svg className={styles.chevron} viewBox="0 0 12 12" width="14" height="14" aria-hidden="true">
                  <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
                </svg>
              </button>
            </h3>
            <div id={answerId} role="region" aria-labelledby={buttonId} className={styles.answer} hidden={!open}>
              <ContentHtml html={faq.answer} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** Placeholder of the questions while they load. */
export function FaqSkeleton({ count = 6 }: { count?: number }) {
  return (
    <ul className={styles.list} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className={styles.item}>
          <Skeleton className={styles.skeleton} />
        </li>
      ))}
    </ul>
  );
}
