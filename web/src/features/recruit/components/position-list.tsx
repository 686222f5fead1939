import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentHtml } from '@/components/ui/article';
import { formatDate } from '@/lib/format-date';
import type { SiteLanguage } from '@/lib/language';
import { type Position, applyHref } from '../api/recruit';
import { buttonClass } from '@/components/ui/button';
import styles from './position-list.module.css';

interface PositionItemProps {
  position: Position;
  lang: SiteLanguage;
  open: boolean;
  onToggle: () => void;
}

function PositionItem({ position, lang, open, onToggle }: PositionItemProps) {
  const { t } = useTranslation('recruit');
  const ref = useRef<HTMLLIElement>(null);
  const panelId = `position-${position.id}`;

  // A position opened from a link (?id=) is brought into view once, on mount.
  const openAtMount = useRef(open);
  useEffect(() => {
    if (openAtMount.current) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);

  return (
    <li ref={ref} className={styles.item} data-open={open}>
      <h3 className={styles.heading}>
        <button type="button" className={styles.toggle} aria-expanded={open} aria-controls={panelId} onClick={onToggle}>
          <span className={styles.title}>{position.title}</span>
          <span className={styles.meta}>
            <span>{position.department}</span>
            <span>{position.city}</span>
            {position.headcount ? <span>{t('position.headcount', { count: position.headcount })}</span> : null}
            <time dateTime={position.publishTime}>{formatDate(position.publishTime, lang, 'short')}</time>
          </span>
          <svg className={styles.chevron} viewBox="0 0 12 12" width="14" height="14" aria-hidden="true">
            <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
          </svg>
        </button>
      </h3>
      <div id={panelId} className={styles.panel} hidden={!open}>
        <dl className={styles.facts}>
          {position.education ? (
            <div>
              <dt>{t('position.education')}</dt>
              <dd>{position.education}</dd>
            </div>
          ) : null}
          {position.experience ? (
            <div>
              <dt>{t('position.experience')}</dt>
              <dd>{position.experience}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('position.location')}</dt>
            <dd>{position.city}</dd>
          </div>
        </dl>
        <div className={styles.columns}>
          <section aria-labelledby={`${panelId}-duties`}>
            <h4 id={`${panelId}-duties`} className={styles.subheading}>
              {t('position.duties')}
            </h4>
            <ContentHtml html={position.duties} />
          </section>
          <section aria-labelledby={`${panelId}-requirements`}>
            <h4 id={`${panelId}-requirements`} className={styles.subheading}>
              {t('position.requirements')}
            </h4>
            <ContentHtml html={position.requirements} />
          </section>
        </div>
        <div className={styles.apply}>
          <a className={buttonClass({ variant: 'primary' })} href={applyHref(position.email, t('position.subject', { title: position.title }))}>
            {t('position.deliver')}{' '}
            <span className="visually-hidden">{position.title}</span>
          </a>
          <p className={styles.applyNote}>{t('position.deliverNote', { email: position.email })}</p>
        </div>
      </div>
    </li>
  );
}

export interface PositionListProps {
  positions: readonly Position[];
  lang: SiteLanguage;
  openId: number | null;
  onToggle: (id: number) => void;
}

/** Positions as an accordion: title and facts; open for duties, requirements and "deliver immediately". */
export function PositionList({ positions, lang, openId, onToggle }: PositionListProps) {
  const { t } = useTranslation('recruit');
  return (
    <ul className={styles.list} aria-label={t('position.list')}>
      {positions.map((position) => (
        <PositionItem
          key={position.id}
          position={position}
          lang={lang}
          open={position.id === openId}
          onToggle={() => onToggle(position.id)}
        />
      ))}
    </ul>
  );
}
