import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageFrame } from '@/components/ui/page-frame';
import { RichText } from '@/components/ui/rich-text';
import { SmartLink } from '@/components/ui/smart-link';
import { openEnquiryDialog } from '@/lib/enquiry-dialog';
import { cardImage } from '@/lib/page-head';
import { usePageTitle } from '@/lib/page-title';
import { summaryOf } from '@/lib/structured-data';
import { usePageContext } from '@/lib/use-page-language';
import { type CaseDetail, useCase } from '../api/get-case';
import { RelatedProducts } from '../components/related-products';
import { DetailState } from '../components/solution-detail';
import { formatDate } from '@/lib/format-date';
import { caseListHref } from '../utils/links';
import { routeId } from '../utils/route-id';
import { buttonClass } from '@/components/ui/button';
import centre from '@/components/ui/centre-page.module.css';
import styles from './solutions.module.css';

/** /caseDetail/{id}: a customer case: customer, industry, date, the story, the products used. */
export function CaseDetailRoute() {
  const { t } = useTranslation('solutions');
  const context = usePageContext();
  const id = routeId(useParams().id);
  const item = useCase(context, id);
  const data = item.data;
  usePageTitle({
    page: data?.title,
    document: data?.seoTitle,
    description: data ? summaryOf([data.seoDescription, data.summary], data.content) : null,
    image: cardImage([data?.image]),
    type: 'article',
  });

  if (!data) return <DetailState id={id} query={item} notFound={t('caseNotFound')} />;
  return (
    <PageFrame title={data.title} lead={data.summary ?? undefined}>
      <CaseContent item={data} />
    </PageFrame>
  );
}

function CaseContent({ item }: { item: CaseDetail }) {
  const { t } = useTranslation('solutions');
  const { lang } = usePageContext();
  return (
    <div className={styles.caseLayout}>
      <article aria-labelledby="case-story">
        <h2 id="case-story" className="visually-hidden">
          {t('storyTitle')}
        </h2>
        <div className={styles.cover}>
          <img src={item.image} alt="" decoding="async" width="1200" height="800" />
        </div>
        <RichText html={item.content} className={styles.article} />
      </article>
      <aside className={styles.aside} aria-labelledby="case-facts">
        <h2 id="case-facts" className={styles.asideTitle}>
          {t('factsTitle')}
        </h2>
        <dl className={styles.meta}>
          {item.customer ? (
            <div>
              <dt>{t('customer')}</dt>
              <dd>{item.customer}</dd>
            </div>
          ) : null}
          {item.industryName ? (
            <div>
              <dt>{t('industry')}</dt>
              <dd>
                {item.industryId ? (
                  <SmartLink href={caseListHref({ industryId: item.industryId })}>{item.industryName}</SmartLink>
                ) : (
                  item.industryName
                )}
              </dd>
            </div>
          ) : null}
          <div>
            <dt>{t('published')}</dt>
            <dd>
              <time dateTime={item.publishTime}>{formatDate(item.publishTime, lang, 'short')}</time>
            </dd>
          </div>
        </dl>
        {item.products.length > 0 ? (
          <>
            <h2 className={styles.asideTitle}>{t('productsUsed')}</h2>
            <RelatedProducts products={item.products} />
          </>
        ) : null}
        <div className={centre.actions}>
          <button type="button" className={buttonClass({ variant: 'primary' })} aria-haspopup="dialog" onClick={() => openEnquiryDialog('contact')}>
            {t('talkToExpert')}
          </button>
        </div>
        <SmartLink href="/case" className={centre.more}>
          {t('allCases')}
        </SmartLink>
      </aside>
    </div>
  );
}
