import { useTranslation } from 'react-i18next';
import { useArticle } from '@/api/article';
import { ArticleView, ContentHtml } from '@/components/ui/article';
import { PageFrame } from '@/components/ui/page-frame';
import { SmartLink } from '@/components/ui/smart-link';
import { usePageContext } from '@/lib/use-page-language';
import { ARTICLES } from '../api/articles';
import styles from './thx.module.css';

/** /thx: the thank-you page a visitor lands on after sending an enquiry. */
export function ThxRoute() {
  const { t } = useTranslation('about');
  const context = usePageContext();
  const article = useArticle(ARTICLES.thx, context);

  return (
    <PageFrame>
      <ArticleView query={article}>
        {(data) => (
          <section className={styles.panel} aria-labelledby="thx-title">
            <svg className={styles.icon} viewBox="0 0 48 48" width="56" height="56" aria-hidden="true">
              <circle cx="24" cy="24" r="22" fill="var(--color-brand-soft)" />
              <path d="m15 24.5 6 6 12-13" fill="none" stroke="var(--color-brand)" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            <div className={styles.text}>
              <h2 id="thx-title" className={styles.title}>
                {data.title}
              </h2>
              {data.subhead ? <p className={styles.subhead}>{data.subhead}</p> : null}
              <ContentHtml html={data.content} />
              <div className={styles.actions}>
                <SmartLink href="/index" className={styles.primary}>
                  {t('thx.home')}
                </SmartLink>
                <SmartLink href="/case" className={styles.secondary}>
                  {t('thx.cases')}
                </SmartLink>
                <SmartLink href="/virtual" className={styles.secondary}>
                  {t('thx.virtual')}
                </SmartLink>
              </div>
            </div>
          </section>
        )}
      </ArticleView>
    </PageFrame>
  );
}
