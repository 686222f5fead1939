import { useTranslation } from 'react-i18next';
import { ContentSection } from '@/components/ui/article';
import { PageFrame } from '@/components/ui/page-frame';
import { usePageTitle } from '@/lib/page-title';
import { usePageContext } from '@/lib/use-page-language';
import { DealerLookup } from '../components/dealer-lookup';
import { RegionLookup } from '../components/region-lookup';

/** /provider: verify a channel partner by its full company name, or find the partners of a region. */
export function ProviderRoute() {
  const { t } = useTranslation('service');
  usePageTitle({ description: t('provider.lead') });
  const context = usePageContext();
  return (
    <PageFrame lead={t('provider.lead')}>
      <ContentSection id="provider-verify" title={t('provider.verifyTitle')} intro={t('provider.verifyIntro')}>
        <DealerLookup context={context} />
      </ContentSection>
      <ContentSection id="provider-region" title={t('provider.regionTitle')} intro={t('provider.regionIntro')}>
        <RegionLookup context={context} />
      </ContentSection>
    </PageFrame>
  );
}
