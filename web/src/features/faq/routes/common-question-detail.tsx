import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Link } from '@/components/ui/link';
import { ContentHtml, LoadingStatus } from '@/components/ui/article';
import { ErrorState } from '@/components/ui/error-state';
import { PageFrame } from '@/components/ui/page-frame';
import { Skeleton } from '@/components/ui/skeleton';
import { usePageTitle } from '@/lib/page-title';
import { PREVIEW_SEGMENT, localizePath } from '@/lib/routing';
import { usePageContext } from '@/lib/use-page-language';
import { findType, useFaq, useFaqTypes } from '../api/faq';
import styles from './common-question-detail.module.css';

/**
 * /preview/commonQuestionDetail?id={id} (preview only): one question with its answer as editors
 * see it before publishing, with its category and a way to the (preview) FAQ page.
 */
export function CommonQuestionDetailRoute() {
  const { t } = useTranslation('faq');
  const context = usePageContext();
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
  const faq = useFaq(context, id);
  const types = useFaqTypes(context);
  const data = faq.data ?? null;
  const trail = data && types.data ? findType(types.data, data.typeId) : null;
  usePageTitle({ page: data?.question });

  const prefix = context.preview ? `/${PREVIEW_SEGMENT}` : '';
  const listHref = localizePath(`${prefix}/commonQuestion${data ? `?id=${data.id}` : ''}`, context.lang);
  const missing = id === null || (faq.isSuccess && data === null);

  let body;
  if (missing) {
    body = <p className={styles.missing}>{t('questionMissing')}</p>;
  } else if (data) {
    body = (
      <article className={styles.question} aria-labelledby="faq-answer-title">
        {trail ? <p className={styles.category}>{trail.map((type) => type.typeName).join(' / ')}</p> : null}
        <h2 id="faq-answer-title" className={styles.answerTitle}>
          {t('answer')}
        </h2>
        <ContentHtml html={data.answer} className={styles.answer} />
      </article>
    );
  } else if (faq.isError) {
    body = <ErrorState error={faq.error} onRetry={() => void faq.refetch()} />;
  } else {
    body = (
      <>
        <LoadingStatus />
        <div className={styles.skeleton} aria-hidden="true">
          <Skeleton className={styles.skeletonLine} />
          <Skeleton className={styles.skeletonLine} />
          <Skeleton className={styles.skeletonShort} />
        </div>
      </>
    );
  }

  return (
    <PageFrame title={data?.question ?? (missing ? t('questionMissingTitle') : undefined)}>
      {body}
      <Link to={listHref} className={styles.back}>
        {t('backToFaq')}
      </Link>
    </PageFrame>
  );
}
