import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductSummary } from '@/api/generated/model/productSummary.zod';
import { PageFrame } from '@/components/ui/page-frame';
import { RichText } from '@/components/ui/rich-text';
import { SmartLink } from '@/components/ui/smart-link';
import { openEnquiryDialog } from '@/lib/enquiry-dialog';
import type { CaseSummary } from '../api/get-cases';
import type { ApplicationSummary } from '../api/get-solution-menu';
import { buttonClass } from '@/components/ui/button';
import centre from '@/components/ui/centre-page.module.css';
import { CaseGrid } from './case-card';
import { LoadError } from '@/components/ui/load-error';
import { PageSkeleton } from '@/components/ui/page-skeleton';
import { RelatedProducts } from './related-products';
import { SectionHead } from './section-head';
import { type SectionItem, SectionsList } from './sections-list';
import { ApplicationCards } from './solution-tiles';

export interface SolutionDetailProps {
  name: string;
  summary?: string | null;
  /** Banner or picture next to the introduction. */
  picture?: string | null;
  content: string;
  /** Titled blocks (pain points of an industry, benefits of an application). */
  blocks?: { title: string; items: SectionItem[] };
  applications?: ApplicationSummary[];
  products: ProductSummary[];
  cases: CaseSummary[];
  /** Link to more cases (the case list, filtered when the page is an industry). */
  moreCases?: string;
}

/**
 * The body of an industry, application or product-level page: introduction with picture, the
 * page's blocks, its applications, recommended products, customer cases, a call to action.
 */
export function SolutionDetail(props: SolutionDetailProps) {
  const { t } = useTranslation('solutions');
  const { name, summary, picture, content, blocks, applications = [], products, cases, moreCases } = props;
  const jump = [
    { id: 'solution-blocks', label: blocks?.title ?? '', shown: Boolean(blocks && blocks.items.length > 0) },
    { id: 'solution-applications', label: t('applicationsTitle'), shown: applications.length > 0 },
    { id: 'solution-products', label: t('productsTitle'), shown: products.length > 0 },
    { id: 'solution-cases', label: t('casesTitle'), shown: cases.length > 0 },
  ].filter((item) => item.shown);

  return (
    <PageFrame title={name} lead={summary ?? undefined}>
      <section className={centre.intro} aria-labelledby="solution-intro">
        <div className={centre.introText}>
          <h2 id="solution-intro" className="visually-hidden">
            {t('introTitle', { name })}
          </h2>
          <RichText html={content} />
          <div className={centre.actions}>
            <button type="button" className={buttonClass({ variant: 'primary' })} aria-haspopup="dialog" onClick={() => openEnquiryDialog('contact')}>
              {t('talkToExpert')}
            </button>
            {cases.length > 0 ? (
              <a href="#solution-cases" className={buttonClass({ variant: 'secondary' })}>
                {t('seeCases')}
              </a>
            ) : null}
          </div>
        </div>
        {picture ? (
          <div className={centre.introMedia}>
            <img src={picture} alt="" decoding="async" width="1200" height="800" />
          </div>
        ) : null}
      </section>

      {jump.length > 1 ? (
        <nav className={centre.jump} aria-label={t('jumpLabel')}>
          <ul>
            {jump.map((item) => (
              <li key={item.id}>
                <a href={`#${item.id}`}>{item.label}</a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      {blocks && blocks.items.length > 0 ? (
        <Block id="solution-blocks" title={blocks.title}>
          <SectionsList items={blocks.items} />
        </Block>
      ) : null}
      {applications.length > 0 ? (
        <Block id="solution-applications" title={t('applicationsTitle')}>
          <ApplicationCards applications={applications} />
        </Block>
      ) : null}
      {products.length > 0 ? (
        <Block id="solution-products" title={t('productsTitle')} intro={t('productsIntro')}>
          <RelatedProducts products={products} />
        </Block>
      ) : null}
      {cases.length > 0 ? (
        <Block
          id="solution-cases"
          title={t('casesTitle')}
          action={
            moreCases ? (
              <SmartLink href={moreCases} className={centre.more}>
                {t('allCases')}
              </SmartLink>
            ) : undefined
          }
        >
          <CaseGrid cases={cases} />
        </Block>
      ) : null}
    </PageFrame>
  );
}

function Block({ id, title, intro, action, children }: { id: string; title: string; intro?: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section className={centre.section} aria-labelledby={id}>
      <SectionHead id={id} title={title} intro={intro} action={action} />
      {children}
    </section>
  );
}

export interface DetailStateProps {
  id: number | null;
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  notFound: string;
}

/**
 * What a solution page shows before its content: a skeleton while loading; a not-found panel
 * (missing or malformed id) or an error with retry. Null once the content is there.
 */
export function DetailState({ id, query, notFound }: DetailStateProps) {
  const { t } = useTranslation('solutions');
  if (id === null || query.isError) {
    return (
      <PageFrame>
        <LoadError
          error={id === null ? null : query.error}
          onRetry={() => void query.refetch()}
          notFound={{ title: t('notFoundTitle'), text: notFound }}
          back={{ href: '/solutionList', label: t('allSolutions') }}
        />
      </PageFrame>
    );
  }
  if (query.isPending) {
    return (
      <PageFrame>
        <PageSkeleton />
      </PageFrame>
    );
  }
  return null;
}
