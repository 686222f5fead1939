/**
 * The marks of the social networks and login providers the site links to, from simple-icons
 * (CC0, one 24×24 path each), drawn inline so they take the text colour or the brand's own.
 * Only the marks named here are bundled (the package has no side effects, so the bundler keeps
 * just these), and only with the code that shows them (the footer, the login page).
 */
import { siBilibili, siFacebook, siGoogle, siLine, siNaver, siQq, siSinaweibo, siTiktok, siVk, siWechat, siX, siYoutube } from 'simple-icons';

export interface BrandIcon {
  title: string;
  /** The brand colour, without `#`. */
  hex: string;
  path: string;
}

/**
 * LinkedIn asked simple-icons to withdraw its logo; its "in" on a rounded square is drawn here in
 * the same 24×24 box (the square with the letters cut out).
 */
const LINKEDIN: BrandIcon = {
  title: 'LinkedIn',
  hex: '0A66C2',
  path:
    'M3 0h18a3 3 0 0 1 3 3v18a3 3 0 0 1-3 3H3a3 3 0 0 1-3-3V3a3 3 0 0 1 3-3z' +
    'M6.2 4.4a1.8 1.8 0 1 0 0 3.6 1.8 1.8 0 0 0 0-3.6zM4.6 9.2v10.3h3.2V9.2z' +
    'M10.2 9.2v10.3h3.1v-5.3c0-1.5.8-2.6 2.3-2.6s1.8 1.1 1.8 2.5v5.4h3.1v-6c0-2.7-.9-4.6-3.8-4.6-1.7 0-2.9.8-3.5 1.8V9.2z',
};

/** By the lower-case name the CMS gives a channel (its logo's file name) or a login provider. */
const ICONS: Record<string, BrandIcon> = {
  wechat: siWechat,
  weibo: siSinaweibo,
  'sina weibo': siSinaweibo,
  // Douyin is TikTok's Chinese twin and carries the same note.
  douyin: siTiktok,
  tiktok: siTiktok,
  bilibili: siBilibili,
  linkedin: LINKEDIN,
  youtube: siYoutube,
  facebook: siFacebook,
  x: siX,
  twitter: siX,
  line: siLine,
  naver: siNaver,
  'naver blog': siNaver,
  vk: siVk,
  google: siGoogle,
  qq: siQq,
};

/** The mark of a network or provider by its name ("WeChat", "Naver Blog", "qq"), if the site has it. */
export function brandIcon(name: string): BrandIcon | null {
  return ICONS[name.trim().toLowerCase()] ?? null;
}

/**
 * A brand's mark as decoration beside (or inside) a control that names the brand in text or in its
 * accessible name: hidden from assistive technology. `coloured` paints it in the brand's colour,
 * otherwise it takes the text colour.
 */
export function BrandMark({ icon, coloured = false, className, size = 20 }: { icon: BrandIcon; coloured?: boolean; className?: string; size?: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      className={className}
      fill={coloured ? `#${icon.hex}` : 'currentColor'}
      fillRule="evenodd"
    >
      <path d={icon.path} />
    </svg>
  );
}
