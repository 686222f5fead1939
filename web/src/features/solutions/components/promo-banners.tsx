import { SmartLink } from '@/components/ui/smart-link';
import type { Banner } from '../api/get-solution-banners';
import styles from './promo-banners.module.css';

/**
 * The solutions centre's banners (type 16) as wide picture tiles with title and subhead. A banner
 * that leads to the page it is on (`here`) is shown without a link.
 */
export function PromoBanners({ banners, here }: { banners: Banner[]; here: string }) {
  if (banners.length === 0) return null;
  return (
    <ul className={styles.list}>
      {banners.map((banner) => {
        const content = (
          <>
            <picture>
              {banner.mobileImage ? <source media="(max-width: 40rem)" srcSet={banner.mobileImage} /> : null}
              <img src={banner.image} alt="" decoding="async" />
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
