/**
 * The sections below the hero: product lines, industries, the call to action, news. Nothing in
 * them but links (and the call to action's button, far below the first screen), which work as
 * plain links until this code has arrived: it loads beside the page's own code rather than
 * before it (routes/home.tsx), and React keeps the server's markup until then.
 */
import { useTranslation } from 'react-i18next';
import { Phrase } from '@/components/ui/phrase';
import { SmartLink } from '@/components/ui/smart-link';
import { openEnquiryDialog } from '@/lib/enquiry-dialog';
import { formatDate } from '@/lib/format-date';
import type { SiteLanguage } from '@/lib/language';
import type { HomeCard, HomeIndustry, HomeNews } from '../api/get-home';
import { balancedGrid } from '@/lib/balanced-grid';
// The loaded cards and tiles are balanced grids; home-sections.module.css (whose class names the
// home page's first code carries) keeps only the placeholders' grid.
import grid from '@/components/ui/balanced-grid.module.css';
import tile from '@/components/ui/scene-tile.module.css';
import styles from './home-sections.module.css';

function Arrow() {
  return (
    <svg className={styles.arrow} viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
      <path d="M3 8h10M9 4l4 4-4 4" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}

function SectionHead({ id, title, intro, more }: { id: string; title: string; intro?: string; more?: { href: string; label: string } }) {
  return (
    <div className={styles.head}>
      <div>
        <h2 id={id} className={styles.title}>
          <Phrase>{title}</Phrase>
        </h2>
        {intro ? (
          <p className={styles.intro}>
            <Phrase>{intro}</Phrase>
          </p>
        ) : null}
      </div>
      {more ? (
        <SmartLink href={more.href} className={styles.more}>
          {more.label}
          <Arrow />
        </SmartLink>
      ) : null}
    </div>
  );
}

/** The product lines as picture cards. */
export function ProductsSection({ cards }: { cards: HomeCard[] }) {
  const { t } = useTranslation('home');
  if (cards.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="home-products">
      <div className="container">
        <SectionHead
          id="home-products"
          title={t('productsTitle')}
          intro={t('productsIntro')}
          more={{ href: '/productList', label: t('allProducts') }}
        />
        <ul className={grid.grid} style={balancedGrid(cards.length, { wide: 4, mid: 3, narrow: 2, phone: 2 })}>
          {cards.map((card) => {
            const body = (
              <>
                <div className={styles.cardMedia}>
                  <img src={card.image} alt="" loading="lazy" decoding="async" />
                </div>
                <div className={styles.cardBody}>
                  <h3 className={styles.cardTitle}>
                    <Phrase>{card.title}</Phrase>
                  </h3>
                  {card.subhead ? (
                    <p className={styles.cardText}>
                      <Phrase>{card.subhead}</Phrase>
                    </p>
                  ) : null}
                  {card.link ? <Arrow /> : null}
                </div>
              </>
            );
            return (
              <li key={card.id}>
                {card.link ? (
                  <SmartLink href={card.link} className={styles.card}>
                    {body}
                  </SmartLink>
                ) : (
                  <div className={styles.card}>{body}</div>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

/** The recommended industries as tiles: the scene above, its name and summary below it on the dark panel. */
export function IndustriesSection({ industries }: { industries: HomeIndustry[] }) {
  const { t } = useTranslation('home');
  if (industries.length === 0) return null;
  return (
    <section className={`${styles.section} ${styles.muted}`} aria-labelledby="home-industries">
      <div className="container">
        <SectionHead
          id="home-industries"
          title={t('industriesTitle')}
          intro={t('industriesIntro')}
          more={{ href: '/solutionList', label: t('allSolutions') }}
        />
        <ul className={grid.grid} style={balancedGrid(industries.length, { wide: 5, mid: 3, narrow: 3, phone: 2 })}>
          {industries.map((industry) => (
            <li key={industry.id}>
              <SmartLink href={`/industry/${industry.id}`} className={tile.tile}>
                <span className={tile.media}>
                  <img src={industry.image} alt="" loading="lazy" decoding="async" />
                </span>
                <span className={tile.text}>
                  <span className={tile.name}>
                    <Phrase>{industry.name}</Phrase>
                  </span>
                  {industry.summary ? (
                    <span className={tile.summary}>
                      <Phrase>{industry.summary}</Phrase>
                    </span>
                  ) : null}
                </span>
              </SmartLink>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** A news article's page: the detail route takes the article id, its type travels as a query. */
export function newsHref(news: Pick<HomeNews, 'id' | 'typeId'>): string {
  return `/newsDetail/${news.id}?typeId=${news.typeId}`;
}

/** Recommended news: the first as a feature, the others as a list. */
export function NewsSection({ news, lang }: { news: HomeNews[]; lang: SiteLanguage }) {
  const { t } = useTranslation('home');
  if (news.length === 0) return null;
  const [first, ...rest] = news;
  return (
    <section className={styles.section} aria-labelledby="home-news">
      <div className="container">
        <SectionHead id="home-news" title={t('newsTitle')} more={{ href: '/news', label: t('allNews') }} />
        <div className={styles.news}>
          {first ? (
            <article className={styles.feature}>
              <SmartLink href={newsHref(first)} className={styles.featureLink}>
                <div className={styles.featureMedia}>
                  {first.image ? <img src={first.image} alt="" loading="lazy" decoding="async" /> : null}
                </div>
                <div className={styles.featureBody}>
                  <p className={styles.meta}>
                    <time dateTime={first.publishTime}>{formatDate(first.publishTime, lang, 'short')}</time>
                    {first.hot ? <span className={styles.hot}>{t('hot')}</span> : null}
                  </p>
                  <h3 className={styles.featureTitle}>
                    <Phrase>{first.title}</Phrase>
                  </h3>
                  {first.summary ? (
                    <p className={styles.summary}>
                      <Phrase>{first.summary}</Phrase>
                    </p>
                  ) : null}
                  <span className={styles.readMore}>
                    {t('readMore')}
                    <Arrow />
                  </span>
                </div>
              </SmartLink>
            </article>
          ) : null}
          <ul className={styles.newsList}>
            {rest.map((item) => (
              <li key={item.id}>
                <article>
                  <SmartLink href={newsHref(item)} className={styles.newsItem}>
                    <p className={styles.meta}>
                      <time dateTime={item.publishTime}>{formatDate(item.publishTime, lang, 'short')}</time>
                      {item.hot ? <span className={styles.hot}>{t('hot')}</span> : null}
                    </p>
                    <h3 className={styles.newsTitle}>
                      <Phrase>{item.title}</Phrase>
                    </h3>
                  </SmartLink>
                </article>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

/** The closing call to action: talk to an expert (the enquiry dialog; a prototype request in Chinese). */
export function ContactBand({ lang }: { lang: SiteLanguage }) {
  const { t } = useTranslation('home');
  return (
    <section className={styles.band} aria-labelledby="home-contact">
      <div className={`container ${styles.bandInner}`}>
        <div>
          <h2 id="home-contact" className={styles.bandTitle}>
            <Phrase>{t('ctaTitle')}</Phrase>
          </h2>
          <p className={styles.bandText}>
            <Phrase>{t('ctaText')}</Phrase>
          </p>
        </div>
        <button
          type="button"
          className={styles.bandButton}
          aria-haspopup="dialog"
          onClick={() => openEnquiryDialog(lang === 'zh' ? 'prototype' : 'contact')}
        >
          {t('ctaButton')}
        </button>
      </div>
    </section>
  );
}
