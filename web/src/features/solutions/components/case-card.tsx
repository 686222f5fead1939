import { SmartLink } from '@/components/ui/smart-link';
import { usePageLanguage } from '@/lib/use-page-language';
import type { CaseSummary } from '../api/get-cases';
import { formatDate } from '@/lib/format-date';
import { caseHref } from '../utils/links';
import styles from './case-card.module.css';

/** A customer case as a card: cover, industry and date, title, customer, summary. */
export function CaseCard({ item, headingLevel = 3 }: { item: CaseSummary; headingLevel?: 2 | 3 }) {
  const lang = usePageLanguage();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={styles.card}>
      <div className={styles.media}>
        <img src={item.image} alt="" loading="lazy" decoding="async" width="1200" height="800" />
      </div>
      <div className={styles.body}>
        <p className={styles.meta}>
          {item.industryName ? <span className={styles.industry}>{item.industryName}</span> : null}
          <time dateTime={item.publishTime}>{formatDate(item.publishTime, lang, 'short')}</time>
        </p>
        <Heading className={styles.title}>
          <SmartLink href={caseHref(item.id)} className={styles.link}>
            {item.title}
          </SmartLink>
        </Heading>
        {item.customer ? <p className={styles.customer}>{item.customer}</p> : null}
        {item.summary ? <p className={styles.summary}>{item.summary}</p> : null}
      </div>
    </article>
  );
}

/** Cases as a grid of cards. */
export function CaseGrid({ cases, headingLevel = 3 }: { cases: CaseSummary[]; headingLevel?: 2 | 3 }) {
  return (
    <ul className={styles.grid}>
      {cases.map((item) => (
        <li key={item.id}>
          <CaseCard item={item} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
