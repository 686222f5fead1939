import { RichText } from '@/components/ui/rich-text';
import { balancedGrid } from '@/lib/balanced-grid';
import styles from '../routes/products.module.css';

export interface Feature {
  title: string;
  content: string;
  image?: string | null;
}

/** Selling points (a line's features, a product's highlights): picture, title, CMS text. */
export function FeaturesList({ items }: { items: Feature[] }) {
  return (
    <ul className={styles.features} style={balancedGrid(items.length, { wide: 4, mid: 3, narrow: 2, phone: 1 })}>
      {items.map((item, index) => (
        <li key={`${item.title}-${index}`} className={styles.feature}>
          {item.image ? (
            <div className={styles.featureMedia}>
              <img src={item.image} alt="" loading="lazy" decoding="async" width="1200" height="800" />
            </div>
          ) : null}
          <h3 className={styles.featureTitle}>{item.title}</h3>
          <RichText html={item.content} className={styles.featureText} />
        </li>
      ))}
    </ul>
  );
}
