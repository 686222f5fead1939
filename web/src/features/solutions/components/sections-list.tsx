import { RichText } from '@/components/ui/rich-text';
import styles from './sections-list.module.css';

export interface SectionItem {
  title: string;
  content: string;
  image?: string | null;
}

/** Titled blocks of a solution page (pain points, benefits): numbered, picture, CMS text. */
export function SectionsList({ items }: { items: SectionItem[] }) {
  return (
    <ol className={styles.list}>
      {items.map((item, index) => (
        <li key={`${item.title}-${index}`} className={styles.item}>
          {item.image ? (
            <div className={styles.media}>
              <img src={item.image} alt="" loading="lazy" decoding="async" width="1200" height="800" />
            </div>
          ) : null}
          <div className={styles.body}>
            <span className={styles.number} aria-hidden="true">
              {String(index + 1).padStart(2, '0')}
            </span>
            <h3 className={styles.title}>{item.title}</h3>
            <RichText html={item.content} className={styles.text} />
          </div>
        </li>
      ))}
    </ol>
  );
}
