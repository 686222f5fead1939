/**
 * The building blocks of CMS article pages (about, ESG, investment, resource, showroom, service,
 * activity, thank-you): the intro (text beside the header picture), the sections (picture rows
 * or cards), a titled page section, and their loading placeholders.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Article, ArticleSection } from '@/api/article';
import { balancedGrid } from '@/lib/balanced-grid';
import { isSiteRelativePath, localizePath } from '@/lib/routing';
import { usePageLanguage } from '@/lib/use-page-language';
import styles from './article.module.css';
import { CmsImage } from './cms-image';
import { ErrorState } from './error-state';
import { RichText } from './rich-text';
import { Skeleton } from './skeleton';

/** A site page (not a file of the media library or of the API) that a CMS link points to. */
export function isSitePageLink(href: string | null): href is string {
  if (!isSiteRelativePath(href)) return false;
  const path = href.split(/[?#]/)[0] ?? '';
  if (path.startsWith('/cms-assets/') || path.startsWith('/prod-api/')) return false;
  return !/\.[a-z0-9]{2,5}$/i.test(path);
}

/**
 * CMS rich text whose links to site pages (`/imprint?key=…` in an article) stay in the page's
 * language and navigate inside the app; files and other sites open as the browser does.
 */
export function ContentHtml({ html, className }: { html: string | null | undefined; className?: string }) {
  const lang = usePageLanguage();
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element).closest?.('a');
    const href = anchor?.getAttribute('href') ?? null;
    if (!anchor || anchor.target === '_blank' || !isSitePageLink(href)) return;
    event.preventDefault();
    void navigate(localizePath(href, lang));
  };
  // The wrapper only delegates link clicks (Enter on a link is a click too).
  return (
    <div onClick={onClick} className={className}>
      <RichText html={html} />
    </div>
  );
}

export interface ArticleIntroProps {
  article: Pick<Article, 'title' | 'content' | 'image'>;
  /** Show the article's own title as an h2 above the text (default true). */
  showTitle?: boolean;
  /** A short line above the title (e.g. a chapter's subhead). */
  kicker?: string | null | undefined;
  /** Extra content under the text (links, buttons). */
  children?: ReactNode;
}

/**
 * How wide the pictures are shown (article.module.css): the intro's beside its text (1fr of
 * 2.1fr), a section's beside its text (half), each the whole column on phones (below 768 px),
 * within the page's 80rem.
 */
const INTRO_IMAGE_SIZES = '(max-width: 767.98px) 100vw, (max-width: 80rem) 47vw, 38rem';
const ROW_IMAGE_SIZES = '(max-width: 767.98px) 100vw, (max-width: 80rem) 50vw, 40rem';

/** The article's title, body and header picture (the page's first, fetched first), side by side on wide screens. */
export function ArticleIntro({ article, showTitle = true, kicker, children }: ArticleIntroProps) {
  return (
    <div className={styles.intro} data-has-image={Boolean(article.image)}>
      <div className={styles.introText}>
        {kicker ? <p className={styles.kicker}>{kicker}</p> : null}
        {showTitle ? <h2 className={styles.introTitle}>{article.title}</h2> : null}
        <ContentHtml html={article.content} className={styles.introBody} />
        {children}
      </div>
      {article.image ? (
        <div className={styles.introMedia}>
          <CmsImage src={article.image} alt="" aspectRatio={3 / 2} sizes={INTRO_IMAGE_SIZES} priority />
        </div>
      ) : null}
    </div>
  );
}

/** The article's sections: rows with their pictures, or cards when a section has none. */
export function ArticleSections({ sections, headingLevel = 3 }: { sections: readonly ArticleSection[]; headingLevel?: 2 | 3 }) {
  if (sections.length === 0) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const withImages = sections.filter((section) => section.image);
  const plain = sections.filter((section) => !section.image);
  return (
    <div className={styles.sections}>
      {withImages.length > 0 ? (
        <div className={styles.rows}>
          {withImages.map((section) => (
            <article key={section.title} className={styles.row}>
              <div className={styles.rowMedia}>
                <CmsImage src={section.image ?? ''} alt="" aspectRatio={16 / 10} sizes={ROW_IMAGE_SIZES} />
              </div>
              <div className={styles.rowText}>
                <Heading className={styles.sectionTitle}>{section.title}</Heading>
                <ContentHtml html={section.content} />
              </div>
            </article>
          ))}
        </div>
      ) : null}
      {plain.length > 0 ? (
        <ul className={styles.cards} style={balancedGrid(plain.length, { wide: 3, mid: 3, narrow: 2, phone: 1 })}>
          {plain.map((section) => (
            <li key={section.title} className={styles.card}>
              <Heading className={styles.sectionTitle}>{section.title}</Heading>
              <ContentHtml html={section.content} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export interface ContentSectionProps {
  /** Id of the heading (and anchor of the section). */
  id: string;
  title: string;
  intro?: ReactNode;
  /** Links or buttons at the right of the heading. */
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A titled part of a page (h2), labelled by its heading. */
export function ContentSection({ id, title, intro, aside, children, className }: ContentSectionProps) {
  return (
    <section className={[styles.section, className].filter(Boolean).join(' ')} aria-labelledby={id}>
      <div className={styles.sectionHead}>
        <div>
          <h2 id={id} className={styles.sectionHeading}>
            {title}
          </h2>
          {intro ? <p className={styles.sectionIntro}>{intro}</p> : null}
        </div>
        {aside}
      </div>
      {children}
    </section>
  );
}

/** "Loading…" for assistive technology, beside a placeholder that is hidden from it. */
export function LoadingStatus() {
  const { t } = useTranslation();
  return (
    <p role="status" className="visually-hidden">
      {t('status.loading')}
    </p>
  );
}

/** Placeholder of an article while it loads. */
export function ArticleSkeleton() {
  return (
    <>
      <LoadingStatus />
      <div className={styles.intro} data-has-image="true" aria-hidden="true">
        <div className={styles.introText}>
          <Skeleton className={styles.skeletonTitle} />
          <Skeleton className={styles.skeletonLine} />
          <Skeleton className={styles.skeletonLine} />
          <Skeleton className={styles.skeletonShort} />
        </div>
        <Skeleton className={styles.introMedia} />
      </div>
    </>
  );
}

/** Placeholder of a grid of cards while it loads. */
export function CardsSkeleton({ count = 3 }: { count?: number }) {
  return (
    <>
      <LoadingStatus />
      <div className={styles.skeletonCards} aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <Skeleton key={i} className={styles.skeletonCard} />
        ))}
      </div>
    </>
  );
}

export interface ArticleViewProps {
  query: Pick<UseQueryResult<Article>, 'data' | 'error' | 'isPending' | 'refetch'>;
  children: (article: Article) => ReactNode;
}

/** An article query's three faces: placeholder, error with retry, or the page built from it. */
export function ArticleView({ query, children }: ArticleViewProps) {
  if (query.data) return <>{children(query.data)}</>;
  if (query.isPending) return <ArticleSkeleton />;
  return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
}
