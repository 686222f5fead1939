import { QRCodeSVG } from 'qrcode.react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '@/lib/clipboard';
import type { SiteLanguage } from '@/lib/language';
import { toast } from '@/lib/toast';
import styles from './share-bar.module.css';

/** A place an article can be shared to by opening its share page in a new tab. */
export interface ShareTarget {
  id: 'weibo' | 'facebook' | 'x' | 'linkedin' | 'line' | 'naver' | 'vk' | 'telegram' | 'email';
  name: string;
  href: string;
}

const NAMES: Record<Exclude<ShareTarget['id'], 'email'>, string> = {
  weibo: 'Weibo',
  facebook: 'Facebook',
  x: 'X',
  linkedin: 'LinkedIn',
  line: 'LINE',
  naver: 'NAVER',
  vk: 'VK',
  telegram: 'Telegram',
};

/** The networks people reading each language share on; Chinese readers also get a WeChat QR code. */
const TARGETS_BY_LANGUAGE: Record<SiteLanguage, readonly Exclude<ShareTarget['id'], 'email'>[]> = {
  zh: ['weibo'],
  zh_tw: ['line', 'facebook'],
  jp: ['line', 'x', 'facebook'],
  ko: ['naver', 'facebook'],
  th: ['line', 'facebook', 'x'],
  ru: ['vk', 'telegram'],
  en: ['linkedin', 'x', 'facebook'],
  en_eu: ['linkedin', 'x', 'facebook'],
  en_us: ['linkedin', 'x', 'facebook'],
  es: ['linkedin', 'x', 'facebook'],
  fr: ['linkedin', 'x', 'facebook'],
  de: ['linkedin', 'x', 'facebook'],
};

function shareHref(id: Exclude<ShareTarget['id'], 'email'>, url: string, title: string): string {
  const u = encodeURIComponent(url);
  const text = encodeURIComponent(title);
  switch (id) {
    case 'weibo':
      return `https://service.weibo.com/share/share.php?url=${u}&title=${text}`;
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`;
    case 'x':
      return `https://twitter.com/intent/tweet?url=${u}&text=${text}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${u}`;
    case 'line':
      return `https://social-plugins.line.me/lineit/share?url=${u}`;
    case 'naver':
      return `https://share.naver.com/web/shareView?url=${u}&title=${text}`;
    case 'vk':
      return `https://vk.com/share.php?url=${u}&title=${text}`;
    case 'telegram':
      return `https://t.me/share/url?url=${u}&text=${text}`;
  }
}

/** The share targets of a language, e-mail last (not for Chinese readers, who share by WeChat). */
export function shareTargets(lang: SiteLanguage, url: string, title: string): ShareTarget[] {
  const targets: ShareTarget[] = TARGETS_BY_LANGUAGE[lang].map((id) => ({
    id,
    // Chinese readers know Weibo by its Chinese name.
    name: id === 'weibo' && lang === 'zh' ? '微博' : NAMES[id],
    href: shareHref(id, url, title),
  }));
  if (lang !== 'zh') {
    targets.push({
      id: 'email',
      name: '',
      href: `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(url)}`,
    });
  }
  return targets;
}

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      {children}
    </svg>
  );
}

const LinkIcon = () => (
  <Icon>
    <path d="M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1 1" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    <path d="M14 10a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 5.66 5.66l1-1" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </Icon>
);

export interface ShareBarProps {
  url: string;
  title: string;
  lang: SiteLanguage;
}

/**
 * Share an article: copy its link (toast 'link copied to clipboard'), the networks of the page
 * language, a WeChat QR code for Chinese readers, and the device's share sheet where there is one.
 */
export function ShareBar({ url, title, lang }: ShareBarProps) {
  const { t } = useTranslation('news');
  const qrId = useId();
  const [qrOpen, setQrOpen] = useState(false);
  const canShareNatively = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const copy = async () => {
    if (await copyText(url)) toast.success(t('linkCopied'));
    else toast.error(t('copyFailed'));
  };
  const shareNatively = () => {
    navigator.share({ title, url }).catch(() => {
      // Dismissed by the visitor, or refused: nothing to report.
    });
  };

  return (
    <div className={styles.share}>
      <h2 className={styles.label}>{t('share')}</h2>
      <ul className={styles.actions}>
        <li>
          <button type="button" className={styles.action} onClick={() => void copy()}>
            <LinkIcon />
            <span>{t('copyLink')}</span>
          </button>
        </li>
        {lang === 'zh' ? (
          <li>
            <button
              type="button"
              className={styles.action}
              aria-expanded={qrOpen}
              aria-controls={qrId}
              onClick={() => setQrOpen((open) => !open)}
            >
              <Icon>
                <path d="M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM15 15h2v2h-2zM18 18h2v2h-2zM18 14h2v2M14 18h2v2" fill="none" stroke="currentColor" strokeWidth="1.8" />
              </Icon>
              <span>{t('wechat')}</span>
            </button>
          </li>
        ) : null}
        {shareTargets(lang, url, title).map((target) => (
          <li key={target.id}>
            <a
              href={target.href}
              target={target.id === 'email' ? undefined : '_blank'}
              rel="noopener noreferrer"
              className={styles.action}
              aria-label={t('shareOn', { name: target.id === 'email' ? t('email') : target.name })}
            >
              {target.id === 'email' ? t('email') : target.name}
            </a>
          </li>
        ))}
        {canShareNatively ? (
          <li>
            <button type="button" className={styles.action} onClick={shareNatively}>
              <span>{t('moreShare')}</span>
            </button>
          </li>
        ) : null}
      </ul>
      {lang === 'zh' ? (
        <div id={qrId} className={styles.qr} hidden={!qrOpen}>
          <QRCodeSVG value={url} size={132} marginSize={1} title={t('wechatQr')} />
          <p>{t('wechatHint')}</p>
        </div>
      ) : null}
    </div>
  );
}
