import { ErrorState } from '@/components/ui/error-state';
import { SmartLink } from '@/components/ui/smart-link';
import { isNotFound } from '@/lib/http';
import { NotFoundMark } from '@/lib/page-title';
import { buttonClass } from '@/components/ui/button';
import styles from './load-error.module.css';

export interface LoadErrorProps {
  /** The failure; null when the address itself names no item (treated as not found). */
  error: unknown;
  onRetry: () => void;
  /** What to say when the item does not exist: a title and a sentence (already translated). */
  notFound: { title: string; text: string };
  /** Where to go instead, e.g. the product list. */
  back: { href: string; label: string };
}

/**
 * A page whose content could not be loaded: a missing item gets a plain explanation and a way
 * on (retrying would not help); any other failure the shared error state with retry.
 */
export function LoadError({ error, onRetry, notFound, back }: LoadErrorProps) {
  if (error !== null && !isNotFound(error)) return <ErrorState error={error} onRetry={onRetry} />;
  return (
    <div role="alert" className={styles.box}>
      <NotFoundMark />
      <p className={styles.title}>{notFound.title}</p>
      <p className={styles.text}>{notFound.text}</p>
      <SmartLink href={back.href} className={buttonClass({ variant: 'primary' }, styles.back)}>
        {back.label}
      </SmartLink>
    </div>
  );
}
