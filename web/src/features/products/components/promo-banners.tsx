import { SmartLink } from '@/components/ui/smart-link';
import type { Banner } from '../api/get-product-banners';
import styles from './promo-banners.module.css';

/**
 * The product centre's banners (type 10) as wide picture tiles with their title and subhead; a
 * banner that leads to the page it is shown on (`exclude`) is left out.
 */
export function PromoBanners({ banners, exclude, labelledBy }: { banners: Banner[]; exclude?: string; labelledBy?: string }) {
  const shown = banners.filter((banner) => banner.link && banner.link !== exclude);
  if (shown.length === 0) return null;
  return (
    <ul className={styles.list} aria-labelledby={labelledBy}>
      {shown.map((banner) => (
        <li key={banner.id}>
          <SmartLink href={banner.link ?? ''} className={styles.tile} style={banner.color ? { color: banner.color } : undefined}>
            <picture>
              {banner.mobileImage ? <source media="(max-width: 40rem)" srcSet={banner.mobileImage} /> : null}
              <img src={banner.image} alt="" loading="lazy" decoding="async" />
            </picture>
            <span className={styles.shade} data-tone={isLight(banner.color) ? 'dark' : 'light'} />
            <span className={styles.text}>
              <span className={styles.title}>{banner.title}</span>
              {banner.subhead ? <span className={styles.subhead}>{banner.subhead}</span> : null}
            </span>
          </SmartLink>
        </li>
      ))}
    </ul>
  );
}

/** True for a light text colour (`#ffffff`), which needs a dark scrim under it. */
export function isLight(color: string | null | undefined): boolean {
  if (!color || !/^#[0-9a-f]{6}$/i.test(color)) return true;
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(color.slice(i, i + 2), 16));
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0) > 140;
}
