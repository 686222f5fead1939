import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { Link } from '@/components/ui/link';
import { ContentHtml, LoadingStatus } from '@/components/ui/article';
import { ErrorState } from '@/components/ui/error-state';
import { PageFrame } from '@/components/ui/page-frame';
import { Skeleton } from '@/components/ui/skeleton';
import { useOrganization } from '@/api/organization';
import { isNotFound } from '@/lib/http';
import { htmlLang } from '@/lib/language';
import { cardImage } from '@/lib/page-head';
import { NotFoundMark, usePageTitle, usePageUrl } from '@/lib/page-title';
import { siteOrigin } from '@/lib/render-context';
import { absoluteUrls, newsArticleData, summaryOf } from '@/lib/structured-data';
import { localizePath } from '@/lib/routing';
import { usePageContext } from '@/lib/use-page-language';
import { type NewsArticle, type NewsType, newsHref, useHotNews, useNewsArticle, useNewsTypes } from '../api/news';
import { HotNews } from '../components/news-items';
import { ShareBar } from '../components/share-bar';
import { formatDate } from '@/lib/format-date';
import { positiveInt } from '../utils/format';
import styles from './news-detail.module.css';

/**
 * /newsDetail/{id}?typeId={type}: one article (CMS rich text, sanitised), its previous and next
 * article of the same type, share, and hot news beside. Without `?typeId=` (an old link) the
 * article is looked up in each news type, and the type found is put into the address.
 */
export function NewsDetailRoute() {
  const { t } = useTranslation('news');
  const context = usePageContext();
  const { id } = useParams();
  const [params, setParams] = useSearchParams();
  const newsId = positiveInt(id ?? null, 0);
  const typeId = positiveInt(params.get('typeId'), 0) || null;

  const types = useNewsTypes(context);
  const article = useNewsArticle(context, newsId, typeId, types.data);
  const hot = useHotNews(context);
  const data = article.data;

  const organization = useOrganization();
  const url = usePageUrl();
  usePageTitle({
    page: data?.title,
    document: data?.seoTitle,
    description: data ? summaryOf([data.seoDescription, data.summary], data.content) : null,
    image: cardImage([data?.image]),
    type: 'article',
    structuredData:
      data && organization
      ? [
          newsArticleData({
            headline: data.title,
            description: summaryOf([data.summary, data.seoDescription], data.content),
            images: absoluteUrls(siteOrigin(), [data.image]),
            datePublished: data.publishTime,
            author: data.author,
            publisher: organization.reference,
            url,
            inLanguage: htmlLang(context.lang),
          }),
        ]
      : undefined,
  });

  // The type an old link lacked goes into the address, so that sharing it shares a full link.
  useEffect(() => {
    if (data && !typeId) {
      const next = new URLSearchParams(params);
      next.set('typeId', String(data.typeId));
      setParams(next, { replace: true });
    }
  }, [data, typeId, params, setParams]);

  const missing = newsId === 0 || isNotFound(article.error);
  let body;
  if (missing) body = <ArticleMissing />;
  else if (data) body = <ArticleBody article={data} types={types.data} />;
  else if (article.isError) body = <ErrorState error={article.error} onRetry={() => void article.refetch()} />;
  else if (!typeId && types.isError) body = <ErrorState error={types.error} onRetry={() => void types.refetch()} />;
  else body = <ArticleSkeleton />;

  return (
    <PageFrame title={data?.title ?? (missing ? t('missingTitle') : undefined)}>
      <div className={styles.layout}>
        <div className={styles.main}>{body}</div>
        <div className={styles.side}>
          <HotNews items={hot.data} isPending={hot.isPending} currentId={newsId} />
        </div>
      </div>
    </PageFrame>
  );
}

function ArticleBody({ article, types }: { article: NewsArticle; types: readonly NewsType[] | undefined }) {
  const { t } = useTranslation('news');
  const { lang } = usePageContext();
  const location = useLocation();
  const type = types?.find((item) => item.id === article.typeId);
  const shareUrl = `${siteOrigin()}${location.pathname}?typeId=${article.typeId}`;

  return (
    <article className={styles.article}>
      <p className={styles.meta}>
        <time dateTime={article.publishTime}>{formatDate(article.publishTime, lang, 'short')}</time>
        {type ? (
          <Link to={localizePath(`/news?type=${type.id}`, lang)} className={styles.type}>
            {type.typeName}
          </Link>
        ) : null}
        {article.author ? <span>{t('author', { name: article.author })}</span> : null}
        {article.source ? <span>{t('source', { name: article.source })}</span> : null}
      </p>
      {article.summary ? <p className={styles.summary}>{article.summary}</p> : null}
      {article.image ? (
        <figure className={styles.cover}>
          <img src={article.image} alt="" decoding="async" />
        </figure>
      ) : null}
      <ContentHtml html={article.content} className={styles.content} />
      <div className={styles.share}>
        <ShareBar url={shareUrl} title={article.title} lang={lang} />
      </div>
      <nav aria-label={t('moreNews')} className={styles.neighbours}>
        {article.previous ? (
          <Link to={localizePath(newsHref(article.previous), lang)} className={styles.neighbour} rel="prev">
            <span className={styles.neighbourLabel}>{t('previous')}</span>
            <span className={styles.neighbourTitle}>{article.previous.title}</span>
          </Link>
        ) : (
          <p className={styles.neighbourNone}>{t('noPrevious')}</p>
        )}
        {article.next ? (
          <Link to={localizePath(newsHref(article.next), lang)} className={styles.neighbour} data-align="end" rel="next">
            <span className={styles.neighbourLabel}>{t('next')}</span>
            <span className={styles.neighbourTitle}>{article.next.title}</span>
          </Link>
        ) : (
          <p className={styles.neighbourNone} data-align="end">
            {t('noNext')}
          </p>
        )}
      </nav>
      <Link to={localizePath('/news', lang)} className={styles.back}>
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
          <path d="M13 8H3M7 4 3 8l4 4" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
        {t('backToList')}
      </Link>
    </article>
  );
}

function ArticleMissing() {
  const { t } = useTranslation('news');
  const { lang } = usePageContext();
  return (
    <div className={styles.missing}>
      <NotFoundMark />
      <p>{t('missingText')}</p>
      <Link to={localizePath('/news', lang)} className={styles.back}>
        {t('backToList')}
      </Link>
    </div>
  );
}

function ArticleSkeleton() {
  return (
    <>
      <LoadingStatus />
      <div className={styles.skeleton} aria-hidden="true">
        <Skeleton className={styles.skeletonMeta} />
        <Skeleton className={styles.skeletonCover} />
        <Skeleton className={styles.skeletonLine} />
        <Skeleton className={styles.skeletonLine} />
        <Skeleton className={styles.skeletonShort} />
      </div>
    </>
  );
}
