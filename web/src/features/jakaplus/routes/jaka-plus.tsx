import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { columnAsArticle, useColumnPage } from '@/api/article';
import { ArticleIntro, ArticleSkeleton, CardsSkeleton, ContentSection } from '@/components/ui/article';
import { ErrorState } from '@/components/ui/error-state';
import { PageFrame } from '@/components/ui/page-frame';
import { SmartLink } from '@/components/ui/smart-link';
import { Tabs } from '@/components/ui/tabs';
import { columnHead } from '@/lib/content-head';
import { usePageTitle } from '@/lib/page-title';
import { usePageContext } from '@/lib/use-page-language';
import { JAKA_PLUS_COLUMN, categoriesOf, usePartners } from '../api/jakaplus';
import { PartnerCards } from '../components/partner-cards';
import { buttonClass } from '@/components/ui/button';
import styles from './jaka-plus.module.css';

const ALL = '';

/** /jaka+: the JAKA+ ecosystem: certified partners by category, each with its products. */
export function JakaPlusRoute() {
  const { t } = useTranslation('jakaplus');
  const context = usePageContext();
  const column = useColumnPage(JAKA_PLUS_COLUMN, context);
  usePageTitle(columnHead(column.data));
  const partners = usePartners(context);
  const [category, setCategory] = useState(ALL);

  const categories = partners.data ? categoriesOf(partners.data) : [];
  const shown = partners.data?.filter((partner) => category === ALL || partner.category === category) ?? [];

  return (
    <PageFrame lead={column.data?.subhead}>
      {column.isPending ? (
        <ArticleSkeleton />
      ) : column.isError ? (
        <ErrorState error={column.error} onRetry={() => void column.refetch()} />
      ) : (
        <ArticleIntro article={columnAsArticle(column.data)} showTitle={false} />
      )}

      <ContentSection id="jakaplus-partners" title={t('partners.title')} intro={t('partners.intro')}>
        {partners.isPending ? (
          <CardsSkeleton />
        ) : partners.isError ? (
          <ErrorState error={partners.error} onRetry={() => void partners.refetch()} />
        ) : partners.data.length === 0 ? (
          <p className={styles.empty}>{t('partners.empty')}</p>
        ) : (
          <Tabs
            label={t('partners.categories')}
            variant="pill"
            items={[{ value: ALL, label: t('partners.all') }, ...categories.map((c) => ({ value: c, label: c }))]}
            value={categories.includes(category) ? category : ALL}
            onValueChange={setCategory}
          >
            <PartnerCards partners={shown} />
          </Tabs>
        )}
      </ContentSection>

      <section className={styles.band} aria-labelledby="jakaplus-hotline">
        <div>
          <h2 id="jakaplus-hotline" className={styles.bandTitle}>
            {t('band.title')}
          </h2>
          <p className={styles.bandText}>{t('band.text')}</p>
        </div>
        <SmartLink href="/jakaHotline" className={buttonClass({ variant: 'primary' })}>
          {t('band.action')}
        </SmartLink>
      </section>
    </PageFrame>
  );
}
