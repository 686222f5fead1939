import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ui/error-state';
import { useOrganization } from '@/api/organization';
import { joinSentences } from '@/lib/language';
import { usePageTitle } from '@/lib/page-title';
import { usePageContext } from '@/lib/use-page-language';
import { useHome } from '../api/get-home';
import { HeroCarousel, HeroFallback, HeroSkeleton } from '../components/hero-carousel';
import { SectionsSkeleton } from '../components/home-band';
import styles from './home.module.css';

// Requested as soon as the page's code runs, so it arrives beside it; see home-sections.tsx.
const sections = import('../components/home-sections');
const ProductsSection = lazy(() => sections.then((m) => ({ default: m.ProductsSection })));
const IndustriesSection = lazy(() => sections.then((m) => ({ default: m.IndustriesSection })));
const NewsSection = lazy(() => sections.then((m) => ({ default: m.NewsSection })));
const ContactBand = lazy(() => sections.then((m) => ({ default: m.ContactBand })));

/** The home page (`/index`, `/{lang}/index`): banners, product lines, industries, news, contact. */
export function HomeRoute() {
  const { t } = useTranslation('home');
  const context = usePageContext();
  const home = useHome(context);
  const organization = useOrganization();
  // What the home page says about the site, in its own words: its product and solution intros.
  usePageTitle({
    description: joinSentences(context.lang, [t('productsIntro'), t('industriesIntro')]),
    structuredData: organization ? [organization.data] : undefined,
  });

  return (
    <>
      <h1 className="visually-hidden">{t('heading')}</h1>
      {home.isPending ? (
        <>
          <HeroSkeleton />
          <SectionsSkeleton />
        </>
      ) : home.isError ? (
        <div className={`container ${styles.error}`}>
          <ErrorState error={home.error} onRetry={() => void home.refetch()} />
        </div>
      ) : (
        <>
          {home.data.banners.length === 0 ? <HeroFallback /> : <HeroCarousel banners={home.data.banners} />}
          <Suspense fallback={<SectionsSkeleton />}>
            <ProductsSection cards={home.data.cards} />
            <IndustriesSection industries={home.data.industries} />
          </Suspense>
          <Suspense fallback={null}>
            <ContactBand lang={context.lang} />
            <NewsSection news={home.data.news} lang={context.lang} />
          </Suspense>
        </>
      )}
    </>
  );
}
