import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ui/error-state';
import { PageFrame } from '@/components/ui/page-frame';
import { RichText } from '@/components/ui/rich-text';
import { SmartLink } from '@/components/ui/smart-link';
import { openEnquiryDialog } from '@/lib/enquiry-dialog';
import { columnHead } from '@/lib/content-head';
import { usePageTitle } from '@/lib/page-title';
import { usePageContext } from '@/lib/use-page-language';
import { useProductBanners } from '../api/get-product-banners';
import { useProductColumn } from '../api/get-product-column';
import { type ProductLine, useProductLines } from '../api/get-product-lines';
import { PageSkeleton } from '@/components/ui/page-skeleton';
import { ProductCard } from '../components/product-card';
import { PromoBanners } from '@/components/ui/promo-banners';
import { SectionHead } from '../components/section-head';
import { lineHref } from '../utils/links';
import { buttonClass } from '@/components/ui/button';
import centre from '@/components/ui/centre-page.module.css';
import { balancedGrid } from '@/lib/balanced-grid';
import { PRODUCT_COLUMNS } from '../utils/grid';
import styles from './products.module.css';

/**
 * /productList: the product centre. Its column page (title, subhead, banner, intro) on top, a
 * jump list of the lines, every line with its products as cards, the type-10 banners below.
 */
export function ProductListRoute() {
  const { t } = useTranslation('products');
  const context = usePageContext();
  const column = useProductColumn(context);
  const lines = useProductLines(context);
  const banners = useProductBanners(context);
  const page = column.data;
  usePageTitle(columnHead(page));

  return (
    <PageFrame title={page?.title} lead={page?.subhead ?? undefined}>
      {column.isPending ? null : page ? (
        <section className={centre.intro} aria-label={t('introLabel')}>
          <div className={centre.introText}>
            <RichText html={page.content} />
            <div className={centre.actions}>
              <SmartLink href="/productComparison" className={buttonClass({ variant: 'primary' })}>
                {t('compareModels')}
              </SmartLink>
              <button type="button" className={buttonClass({ variant: 'secondary' })} aria-haspopup="dialog" onClick={() => openEnquiryDialog('contact')}>
                {t('talkToExpert')}
              </button>
            </div>
          </div>
          {page.banner ? (
            <div className={centre.introMedia}>
              <img src={page.banner} alt="" decoding="async" width="1200" height="800" />
            </div>
          ) : null}
        </section>
      ) : null}

      {lines.isPending ? (
        <PageSkeleton intro={column.isPending} />
      ) : lines.isError ? (
        <ErrorState error={lines.error} onRetry={() => void lines.refetch()} />
      ) : lines.data.length === 0 ? (
        <p className={centre.empty}>{t('noProducts')}</p>
      ) : (
        <ProductLines lines={lines.data} />
      )}

      {banners.data && banners.data.length > 0 ? (
        <section className={centre.section} aria-labelledby="product-more">
          <h2 id="product-more" className="visually-hidden">
            {t('moreTitle')}
          </h2>
          {/* The product centre lists only banners that lead elsewhere. */}
          <PromoBanners banners={banners.data.filter((banner) => banner.link && banner.link !== '/productList')} labelledBy="product-more" lazy />
        </section>
      ) : null}
    </PageFrame>
  );
}

function ProductLines({ lines }: { lines: ProductLine[] }) {
  const { t } = useTranslation('products');
  return (
    <>
      <nav className={centre.jump} aria-label={t('linesNav')}>
        <ul>
          {lines.map((line) => (
            <li key={line.id}>
              <a href={`#line-${line.id}`}>{line.lineName}</a>
            </li>
          ))}
        </ul>
      </nav>
      {lines.map((line) => (
        <section key={line.id} className={centre.section} aria-labelledby={`line-${line.id}`}>
          <SectionHead
            id={`line-${line.id}`}
            title={line.lineName}
            intro={line.summary ?? undefined}
            action={
              <SmartLink href={lineHref(line.id)} className={centre.more} aria-label={t('exploreLineNamed', { line: line.lineName })}>
                {t('exploreLine')}
                <Arrow />
              </SmartLink>
            }
          />
          {line.children.length === 0 ? (
            <p className={centre.empty}>{t('noProductsInLine')}</p>
          ) : (
            <ul className={styles.grid} style={balancedGrid(line.children.length, PRODUCT_COLUMNS, true)}>
              {line.children.map((product) => (
                <li key={product.id}>
                  <ProductCard product={product} />
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </>
  );
}

export function Arrow() {
  return (
    <svg className={centre.arrow} viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
      <path d="M3 8h10M9 4l4 4-4 4" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}
