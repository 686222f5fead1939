import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './product-gallery.module.css';

/**
 * The product's pictures: a large one and, when there are several, a row of thumbnails that
 * choose it (buttons with aria-pressed, so keyboard and screen readers can use them).
 */
export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const { t } = useTranslation('products');
  const pictures = images.filter(Boolean);
  const [active, setActive] = useState(0);
  const index = Math.min(active, Math.max(0, pictures.length - 1));
  const current = pictures[index];
  if (!current) return null;
  return (
    <div className={styles.gallery} role="group" aria-label={t('galleryLabel', { name })}>
      <div className={styles.main}>
        <img
          src={current}
          alt={pictures.length > 1 ? t('pictureAlt', { name, index: index + 1, total: pictures.length }) : name}
          decoding="async"
          width="800"
          height="800"
        />
      </div>
      {pictures.length > 1 ? (
        <ul className={styles.thumbs}>
          {pictures.map((src, i) => (
            <li key={`${src}-${i}`}>
              <button
                type="button"
                className={styles.thumb}
                aria-pressed={i === index}
                aria-label={t('showPicture', { index: i + 1, total: pictures.length })}
                onClick={() => setActive(i)}
              >
                <img src={src} alt="" loading="lazy" decoding="async" width="160" height="160" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
