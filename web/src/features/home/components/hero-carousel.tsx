import { type CSSProperties, type FocusEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { SmartLink } from '@/components/ui/smart-link';
import { usePrefersReducedMotion } from '@/lib/use-media-query';
import type { HomeBanner } from '../api/get-home';
import styles from './hero-carousel.module.css';

export const AUTO_ADVANCE_MS = 6000;

/** Relative luminance of a #rrggbb colour (the contract guarantees that form). */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** Light text gets a dark scrim behind it, dark text a light one. */
export function scrimTone(color: string | null | undefined): 'dark' | 'light' {
  return !color || luminance(color) > 0.4 ? 'dark' : 'light';
}

/**
 * The home hero: the CMS banners as a carousel (APG carousel pattern). It advances every 6 s,
 * pauses while hovered or focused and when the visitor presses pause, and starts paused when
 * the visitor prefers reduced motion.
 */
export function HeroCarousel({ banners }: { banners: HomeBanner[] }) {
  const { t } = useTranslation('home');
  const count = banners.length;
  const [index, setIndex] = useState(0);
  const reducedMotion = usePrefersReducedMotion();
  const [userPaused, setUserPaused] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);

  const active = count > 0 ? index % count : 0;
  const paused = userPaused ?? reducedMotion;
  const rotating = count > 1 && !paused && !hovered && !focused;

  useEffect(() => {
    if (!rotating) return undefined;
    const timer = setTimeout(() => setIndex((i) => (i + 1) % count), AUTO_ADVANCE_MS);
    return () => clearTimeout(timer);
  }, [rotating, active, count]);

  const go = (i: number) => setIndex(((i % count) + count) % count);
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  return (
    <section
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-label={t('carousel')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <div className={styles.viewport} aria-live={rotating ? 'off' : 'polite'}>
        {banners.map((banner, i) => {
          const isActive = i === active;
          const style: CSSProperties | undefined = banner.color ? { color: banner.color } : undefined;
          return (
            <div
              key={banner.id}
              role="group"
              aria-roledescription="slide"
              aria-label={t('slide', { index: i + 1, count })}
              className={styles.slide}
              data-active={isActive}
              data-tone={scrimTone(banner.color)}
              aria-hidden={!isActive}
              inert={!isActive}
            >
              <picture>
                {banner.mobileImage ? <source media="(max-width: 640px)" srcSet={banner.mobileImage} /> : null}
                <img
                  className={styles.image}
                  src={banner.image}
                  alt=""
                  loading={i === 0 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : 'auto'}
                  decoding="async"
                />
              </picture>
              <div className={styles.scrim} />
              <div className={`container ${styles.content}`} style={style}>
                <h2 className={styles.title}>{banner.title}</h2>
                {banner.subhead ? <p className={styles.subhead}>{banner.subhead}</p> : null}
                {banner.link ? (
                  <SmartLink href={banner.link} className={styles.cta}>
                    {t('learnMore')}
                    {/* Says where it leads, for screen readers and search engines alike. */}
                    <span className="visually-hidden">: {banner.title}</span>
                  </SmartLink>
                ) : null}
              </div>
            </div>
          );
        })}
      </div>

      {count > 1 ? (
        <div className={`container ${styles.controls}`}>
          <div className={styles.controlBar}>
            <button
              type="button"
              className={styles.control}
              aria-label={paused ? t('play') : t('pause')}
              onClick={() => setUserPaused(!paused)}
            >
              {paused ? <PlayIcon /> : <PauseIcon />}
            </button>
            <button type="button" className={styles.control} aria-label={t('previous')} onClick={() => go(active - 1)}>
              <ArrowIcon direction="left" />
            </button>
            <div className={styles.dots} role="group" aria-label={t('slides')}>
              {banners.map((banner, i) => (
                <button
                  key={banner.id}
                  type="button"
                  className={styles.dot}
                  aria-label={t('goTo', { index: i + 1 })}
                  aria-current={i === active ? 'true' : undefined}
                  onClick={() => go(i)}
                />
              ))}
            </div>
            <button type="button" className={styles.control} aria-label={t('next')} onClick={() => go(active + 1)}>
              <ArrowIcon direction="right" />
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}

/** Shown while the banners load. */
export function HeroSkeleton() {
  const { t } = useTranslation();
  return (
    <div className={styles.skeleton} role="status" aria-busy="true">
      <span className="visually-hidden">{t('status.loading')}</span>
      <div className={`container ${styles.skeletonContent}`}>
        <Skeleton className={styles.skeletonTitle} />
        <Skeleton className={styles.skeletonLine} />
        <Skeleton className={styles.skeletonButton} />
      </div>
    </div>
  );
}

/** Shown when the CMS has no published banner: the brand line instead of an empty hole. */
export function HeroFallback() {
  const { t } = useTranslation();
  return (
    <div className={styles.fallback}>
      <div className={`container ${styles.content}`}>
        <p className={styles.title}>{t('site.tagline')}</p>
      </div>
    </div>
  );
}

function PauseIcon() {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
      <path d="M4 3h3v10H4zM9 3h3v10H9z" fill="currentColor" />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
      <path d="M4 2.5v11l9-5.5z" fill="currentColor" />
    </svg>
  );
}

function ArrowIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" className={styles[direction]}>
      <path d="M10 3 5 8l5 5" fill="none" stroke="currentColor" strokeWidth="1.8" />
    </svg>
  );
}
