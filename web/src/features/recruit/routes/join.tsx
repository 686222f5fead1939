import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { columnAsArticle, useColumnPage } from '@/api/article';
import { ArticleIntro, ArticleSkeleton, CardsSkeleton, ContentSection } from '@/components/ui/article';
import { ErrorState } from '@/components/ui/error-state';
import { PageFrame } from '@/components/ui/page-frame';
import { SmartLink } from '@/components/ui/smart-link';
import { Tabs } from '@/components/ui/tabs';
import { formatDate } from '@/lib/format-date';
import { columnHead } from '@/lib/content-head';
import { usePageTitle } from '@/lib/page-title';
import { localizePath } from '@/lib/routing';
import { type PageContext, usePageContext } from '@/lib/use-page-language';
import { CAREERS_COLUMN, type PositionConfig, RECRUIT_TYPES, type RecruitType, usePositionConfigs, usePositions } from '../api/recruit';
import { KeywordSearch } from '../components/keyword-search';
import styles from './join.module.css';

const LATEST = 4;

function positionsPath(type: RecruitType, extra: Record<string, string> = {}): string {
  return `/position?${new URLSearchParams({ type, ...extra }).toString()}`;
}

function TypePanel({ type, config, context }: { type: RecruitType; config: PositionConfig | undefined; context: PageContext }) {
  const { t } = useTranslation('recruit');
  const navigate = useNavigate();
  const latest = usePositions({ recruitType: type, pageNum: 1, pageSize: LATEST }, context);

  return (
    <div className={styles.panel}>
      <div className={styles.overview}>
        {config?.banner ? (
          <div className={styles.banner}>
            <img src={config.banner} alt="" decoding="async" />
          </div>
        ) : null}
        <div className={styles.overviewText}>
          <h3 className={styles.typeTitle}>{t(`types.${type}Title`)}</h3>
          <p className={styles.typeText}>{t(`types.${type}Text`)}</p>
          <KeywordSearch
            id={`join-keyword-${type}`}
            value=""
            onSearch={(keyword) => void navigate(localizePath(positionsPath(type, keyword ? { keyword } : {}), context.lang))}
          />
          {config ? (
            <dl className={styles.facts}>
              {config.cities.length > 0 ? (
                <div>
                  <dt>{t('join.cities')}</dt>
                  <dd>{config.cities.join(' · ')}</dd>
                </div>
              ) : null}
              {config.departments.length > 0 ? (
                <div>
                  <dt>{t('join.departments')}</dt>
                  <dd>{config.departments.join(' · ')}</dd>
                </div>
              ) : null}
              <div>
                <dt>{t('join.email')}</dt>
                <dd>
                  <a href={`mailto:${config.email}`}>{config.email}</a>
                </dd>
              </div>
            </dl>
          ) : null}
        </div>
      </div>

      <div className={styles.latestHead}>
        <h3 className={styles.latestTitle}>{t('join.latest')}</h3>
        <SmartLink href={positionsPath(type)} className={styles.all}>
          {t('join.all', { count: latest.data?.total ?? 0 })}
        </SmartLink>
      </div>
      {latest.isPending ? (
        <CardsSkeleton count={2} />
      ) : latest.isError ? (
        <ErrorState error={latest.error} onRetry={() => void latest.refetch()} />
      ) : latest.data.rows.length === 0 ? (
        <p className={styles.empty}>{t('position.none')}</p>
      ) : (
        <ul className={styles.latest}>
          {latest.data.rows.map((position) => (
            <li key={position.id}>
              <SmartLink href={positionsPath(type, { id: String(position.id) })} className={styles.job}>
                <span className={styles.jobTitle}>{position.title}</span>
                <span className={styles.jobMeta}>
                  {position.department} · {position.city} · {formatDate(position.publishTime, context.lang, 'short')}
                </span>
              </SmartLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** /join: the careers landing: why JAKA, experienced and graduate hiring as tabs, keyword search, latest positions. */
export function JoinRoute() {
  const { t } = useTranslation('recruit');
  const context = usePageContext();
  const column = useColumnPage(CAREERS_COLUMN, context);
  usePageTitle(columnHead(column.data));
  const configs = usePositionConfigs(context);
  const [type, setType] = useState<RecruitType>('social');

  return (
    <PageFrame lead={column.data?.subhead}>
      {column.isPending ? (
        <ArticleSkeleton />
      ) : column.isError ? (
        <ErrorState error={column.error} onRetry={() => void column.refetch()} />
      ) : (
        <ArticleIntro article={columnAsArticle(column.data)} showTitle={false} />
      )}

      <ContentSection id="join-openings" title={t('join.title')} intro={t('join.intro')}>
        {configs.isError ? <ErrorState compact error={configs.error} onRetry={() => void configs.refetch()} /> : null}
        <Tabs label={t('types.label')} items={RECRUIT_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))} value={type} onValueChange={setType}>
          <TypePanel key={type} type={type} config={configs.data?.find((c) => c.recruitType === type)} context={context} />
        </Tabs>
      </ContentSection>
    </PageFrame>
  );
}
