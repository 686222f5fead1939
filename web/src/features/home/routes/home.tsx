import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ui/error-state';
import { usePageLanguage } from '@/lib/use-page-language';
import { useHomeBanners } from '../api/get-banners';
import { HeroCarousel, HeroFallback, HeroSkeleton } from '../components/hero-carousel';
import styles from './home.module.css';

/** The home page (`/index`, `/{lang}/index`). */
export function HomeRoute() {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const banners = useHomeBanners(lang);

  return (
    <>
      <h1 className="visually-hidden">{t('home.heading')}</h1>
      {banners.isPending ? (
        <HeroSkeleton />
      ) : banners.isError ? (
        <div className={`container ${styles.error}`}>
          <ErrorState error={banners.error} onRetry={() => void banners.refetch()} />
        </div>
      ) : banners.data.length === 0 ? (
        <HeroFallback />
      ) : (
        <HeroCarousel banners={banners.data} />
      )}
    </>
  );
}
