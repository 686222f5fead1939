import type { BannerListEnvelope } from '@/api/generated/model/bannerListEnvelope.zod';
import { SmartLink } from '@/components/ui/smart-link';
import { CmsImage } from './cms-image';
import { hasVariants, variantSrcSet } from './cms-image-url';
import styles from './promo-banners.module.css';

export type PromoBanner = BannerListEnvelope['data'][number];

interface PromoBannersProps {
  banners: PromoBanner[];
  /** The page the tiles are shown on: a banner that leads there is a tile without a link. */
  here?: string;
  /** The id of the heading that names the list. */
  labelledBy?: string;
  /** The list is far down the page: no picture is fetched first (otherwise the first is). */
  lazy?: boolean;
}

/** How wide a tile is shown: the grid's columns of at least 22rem, within the page's 80rem. */
const TILE_SIZES = '(max-width: 46rem) 100vw, (max-width: 69rem) 50vw, 27rem';

/**
 * A centre's banners (products: type 10, solutions: type 16) as wide picture tiles with their
 * title and subhead.
 */
export function PromoBanners({ banners, here, labelledBy, lazy = false }: PromoBannersProps) {
  if (banners.length === 0) return null;
  return (
    <ul className={styles.list} aria-labelledby={labelledBy}>
      {banners.map((banner, index) => {
        const content = (
          <>
            <picture>
              {banner.mobileImage ? (
                <source
                  media="(max-width: 40rem)"
                  srcSet={hasVariants(banner.mobileImage) ? variantSrcSet(banner.mobileImage) : banner.mobileImage}
                  sizes="100vw"
                />
              ) : null}
              <CmsImage src={banner.image} alt="" aspectRatio={3 / 2} sizes={TILE_SIZES} priority={!lazy && index === 0} />
            </picture>
            <span className={styles.shade} data-tone={isLight(banner.color) ? 'dark' : 'light'} />
            <span className={styles.text}>
              <span className={styles.title}>{banner.title}</span>
              {banner.subhead ? <span className={styles.subhead}>{banner.subhead}</span> : null}
            </span>
          </>
        );
        const style = banner.color ? { color: banner.color } : undefined;
        return (
          <li key={banner.id}>
            {banner.link && banner.link !== here ? (
              <SmartLink href={banner.link} className={styles.tile} style={style}>
                {content}
              </SmartLink>
            ) : (
              <div className={styles.tile} style={style}>
                {content}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** True for a light text colour (`#ffffff`), which needs a dark scrim under it. */
export function isLight(color: string | null | undefined): boolean {
  if (!color || !/^#[0-9a-f]{6}$/i.test(color)) return true;
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(color.slice(i, i + 2), 16));
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0) > 140;
}
