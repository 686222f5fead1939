import { useTranslation } from 'react-i18next';
import { isNotFound } from '@/lib/http';
import { ArticleSkeleton, ContentHtml } from '@/components/ui/article';
import { ErrorState } from '@/components/ui/error-state';
import { formatDate } from '@/lib/format-date';
import type { PageContext } from '@/lib/use-page-language';
import { isLegalKey, useLegalText } from '../api/legal';
import styles from './legal-document.module.css';
import { NotFoundMark, usePageTitle } from '@/lib/page-title';
import { excerpt, htmlToText } from '@/lib/structured-data';

/** One legal text: its title, when it was last changed, and the text. */
export function LegalDocument({ textKey, context }: { textKey: string; context: PageContext }) {
  const { t } = useTranslation('legal');
  const text = useLegalText(textKey, context);
  // The text shown names the page (`/imprint?key=privacy` is the privacy policy) and describes it.
  usePageTitle({ page: text.data?.title, description: excerpt(htmlToText(text.data?.content)) });

  if (!isLegalKey(textKey) || (text.isError && isNotFound(text.error))) {
    return (
      <div className={styles.missing} role="status">
        <NotFoundMark />
        <p className={styles.missingTitle}>{t('missing.title')}</p>
        <p>{t('missing.text')}</p>
      </div>
    );
  }
  if (text.isPending) return <ArticleSkeleton />;
  if (text.isError) return <ErrorState error={text.error} onRetry={() => void text.refetch()} />;

  return (
    <article className={styles.document} aria-labelledby="legal-title">
      <header className={styles.header}>
        <h2 id="legal-title" className={styles.title}>
          {text.data.title}
        </h2>
        <p className={styles.updated}>
          {t('updated')} <time dateTime={text.data.updateTime}>{formatDate(text.data.updateTime, context.lang)}</time>
        </p>
      </header>
      <ContentHtml html={text.data.content} className={styles.body} />
    </article>
  );
}
