import { SmartLink } from '@/components/ui/smart-link';
import tile from '@/components/ui/scene-tile.module.css';
import { balancedGrid } from '@/lib/balanced-grid';
import type { ApplicationSummary, IndustrySummary, ProductLevel } from '../api/get-solution-menu';
import { applicationHref, industryHref, productLevelHref } from '../utils/links';
import styles from './solution-tiles.module.css';

/** Industries as tiles: the scene above, its name and summary below it (components/ui/scene-tile.module.css). */
export function IndustryTiles({ industries }: { industries: IndustrySummary[] }) {
  return (
    <ul className={styles.industries} style={balancedGrid(industries.length, { wide: 3, mid: 3, narrow: 2, phone: 2 })}>
      {industries.map((industry) => (
        <li key={industry.id}>
          <SmartLink href={industryHref(industry.id)} className={tile.tile}>
            <span className={tile.media}>
              <img src={industry.image} alt="" loading="lazy" decoding="async" width="1200" height="800" />
            </span>
            <span className={tile.text}>
              <span className={tile.name}>{industry.name}</span>
              {industry.summary ? <span className={tile.summary}>{industry.summary}</span> : null}
            </span>
          </SmartLink>
        </li>
      ))}
    </ul>
  );
}

/** Applications (processes) as picture cards with a summary. */
export function ApplicationCards({ applications }: { applications: ApplicationSummary[] }) {
  return (
    <ul className={styles.cards}>
      {applications.map((application) => (
        <li key={application.id}>
          <SmartLink href={applicationHref(application.id)} className={styles.card}>
            <span className={styles.cardMedia}>
              <img src={application.image} alt="" loading="lazy" decoding="async" width="1200" height="800" />
            </span>
            <span className={styles.cardBody}>
              <span className={styles.cardName}>{application.name}</span>
              {application.summary ? <span className={styles.cardText}>{application.summary}</span> : null}
            </span>
          </SmartLink>
        </li>
      ))}
    </ul>
  );
}

/** Product levels (payload classes) as wide cards. */
export function LevelCards({ levels }: { levels: ProductLevel[] }) {
  return (
    <ul className={styles.levels}>
      {levels.map((level) => (
        <li key={level.id}>
          <SmartLink href={productLevelHref(level.id)} className={styles.level}>
            {level.image ? <img src={level.image} alt="" loading="lazy" decoding="async" width="1200" height="800" /> : null}
            <span className={styles.levelName}>{level.name}</span>
            <svg className={styles.arrow} viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
              <path d="M3 8h10M9 4l4 4-4 4" fill="none" stroke="currentColor" strokeWidth="1.6" />
            </svg>
          </SmartLink>
        </li>
      ))}
    </ul>
  );
}
