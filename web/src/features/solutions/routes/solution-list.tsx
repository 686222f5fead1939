import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ui/error-state';
import { PageFrame } from '@/components/ui/page-frame';
import { SmartLink } from '@/components/ui/smart-link';
import { usePageTitle } from '@/lib/page-title';
import { usePageContext } from '@/lib/use-page-language';
import { useCases } from '../api/get-cases';
import { useSolutionBanners } from '../api/get-solution-banners';
import { type SolutionMenu, useSolutionMenu } from '../api/get-solution-menu';
import { CASES_TEASER_SIZE } from '../api/program';
import { CaseGrid } from '../components/case-card';
import { PageSkeleton } from '@/components/ui/page-skeleton';
import { PromoBanners } from '@/components/ui/promo-banners';
import { SectionHead } from '../components/section-head';
import { ApplicationCards, IndustryTiles, LevelCards } from '../components/solution-tiles';
import centre from '@/components/ui/centre-page.module.css';
import styles from './solutions.module.css';

/**
 * /solutionList: the solutions centre. Its banners (type 16), then the three ways in: by
 * industry (shown ones only), by application (hidden ones left out), by product level; then the
 * latest customer cases.
 */
export function SolutionListRoute() {
  const { t } = useTranslation('solutions');
  usePageTitle({ description: t('solutionsLead') });
  const context = usePageContext();
  const menu = useSolutionMenu(context);
  const banners = useSolutionBanners(context);

  return (
    <PageFrame lead={t('solutionsLead')}>
      {banners.data && banners.data.length > 0 ? (
        <section aria-label={t('bannersLabel')} className={styles.banners}>
          <PromoBanners banners={banners.data} here="/solutionList" />
        </section>
      ) : null}
      {menu.isPending ? (
        <PageSkeleton intro={false} cards={6} />
      ) : menu.isError ? (
        <ErrorState error={menu.error} onRetry={() => void menu.refetch()} />
      ) : (
        <MenuSections menu={menu.data} />
      )}
      <CasesTeaser />
    </PageFrame>
  );
}

function MenuSections({ menu }: { menu: SolutionMenu }) {
  const { t } = useTranslation('solutions');
  const sections = [
    { id: 'by-industry', label: t('industriesTitle'), shown: menu.industries.length > 0 },
    { id: 'by-application', label: t('applicationsTitle'), shown: menu.applications.length > 0 },
    { id: 'by-level', label: t('levelsTitle'), shown: menu.productLevels.length > 0 },
    { id: 'cases', label: t('casesTitle'), shown: true },
  ].filter((section) => section.shown);
  if (sections.length === 1) return <p className={centre.empty}>{t('noSolutions')}</p>;
  return (
    <>
      <nav className={centre.jump} aria-label={t('jumpLabel')}>
        <ul>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.label}</a>
            </li>
          ))}
        </ul>
      </nav>
      {menu.industries.length > 0 ? (
        <section className={centre.section} aria-labelledby="by-industry">
          <SectionHead id="by-industry" title={t('industriesTitle')} intro={t('industriesIntro')} />
          <IndustryTiles industries={menu.industries} />
        </section>
      ) : null}
      {menu.applications.length > 0 ? (
        <section className={centre.section} aria-labelledby="by-application">
          <SectionHead id="by-application" title={t('applicationsTitle')} intro={t('applicationsIntro')} />
          <ApplicationCards applications={menu.applications} />
        </section>
      ) : null}
      {menu.productLevels.length > 0 ? (
        <section className={centre.section} aria-labelledby="by-level">
          <SectionHead id="by-level" title={t('levelsTitle')} intro={t('levelsIntro')} />
          <LevelCards levels={menu.productLevels} />
        </section>
      ) : null}
    </>
  );
}

/** The latest cases (first page of the case list) with a link to all of them. */
function CasesTeaser() {
  const { t } = useTranslation('solutions');
  const context = usePageContext();
  const cases = useCases(context, { page: 1, pageSize: CASES_TEASER_SIZE });
  return (
    <section className={centre.section} aria-labelledby="cases">
      <SectionHead
        id="cases"
        title={t('casesTitle')}
        intro={t('casesIntro')}
        action={
          <SmartLink href="/case" className={centre.more}>
            {t('allCases')}
          </SmartLink>
        }
      />
      {cases.isPending ? (
        <PageSkeleton intro={false} cards={CASES_TEASER_SIZE} />
      ) : cases.isError ? (
        <ErrorState error={cases.error} onRetry={() => void cases.refetch()} />
      ) : cases.data.rows.length === 0 ? (
        <p className={centre.empty}>{t('noCases')}</p>
      ) : (
        <CaseGrid cases={cases.data.rows} />
      )}
    </section>
  );
}
