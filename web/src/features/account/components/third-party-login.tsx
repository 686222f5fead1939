import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BrandIcon, BrandMark, brandIcon } from '@/components/ui/brand-mark';
import { Link } from '@/components/ui/link';
import type { SiteLanguage } from '@/lib/language';
import { localizePath } from '@/lib/routing';
import { usePageLanguage } from '@/lib/use-page-language';
import { type ThirdPartyProvider, startThirdPartyLogin } from '../api/account-api';
import { type FormMessage, explainAccountError } from '../utils/errors';
import { leaveSite } from '../utils/leave-site';
import { rememberThirdPartyLogin } from '../utils/third-party';
import { FormAlert } from './form-alert';
import { buttonClass } from '@/components/ui/button';
import styles from './forms.module.css';

/** The providers offered on a site: the Chinese sites have WeChat, QQ and Weibo; the others Google and LinkedIn. */
export function providersFor(lang: SiteLanguage): { wechat: boolean; providers: ThirdPartyProvider[] } {
  return lang === 'zh' || lang === 'zh_tw' ? { wechat: true, providers: ['qq', 'weibo'] } : { wechat: false, providers: ['google', 'linkedin'] };
}

const MARKS: Record<ThirdPartyProvider | 'wechat', BrandIcon | null> = {
  wechat: brandIcon('wechat'),
  qq: brandIcon('qq'),
  weibo: brandIcon('weibo'),
  google: brandIcon('google'),
  linkedin: brandIcon('linkedin'),
};

/** The provider's own mark in its colour; the button's text names the provider. */
function Mark({ of }: { of: ThirdPartyProvider | 'wechat' }) {
  const icon = MARKS[of];
  return icon ? <BrandMark icon={icon} coloured className={styles.providerMark} /> : null;
}

/**
 * Other ways to log in: WeChat's QR page and the third-party providers. A provider login asks the
 * BFF for the provider's page, keeps the `state` in sessionStorage and sends the browser there;
 * the provider sends it back to /login with `code` and `state` (see ThirdPartyCallback).
 */
export function ThirdPartyLogin({ from }: { from: string | null }) {
  const { t } = useTranslation('account');
  const lang = usePageLanguage();
  const [busy, setBusy] = useState<ThirdPartyProvider | null>(null);
  const [message, setMessage] = useState<FormMessage | null>(null);
  const { wechat, providers } = providersFor(lang);

  async function start(provider: ThirdPartyProvider) {
    setBusy(provider);
    setMessage(null);
    const back = new URL(localizePath('/login', lang), window.location.origin);
    back.searchParams.set('thirdParty', provider);
    if (from) back.searchParams.set('from', from);
    try {
      const authorization = await startThirdPartyLogin(provider, back.toString());
      const target = new URL(authorization.authorizeUrl, window.location.href);
      if (target.protocol !== 'https:' && target.protocol !== 'http:') throw new Error('unexpected authorization address');
      rememberThirdPartyLogin({ provider, state: authorization.state });
      leaveSite(target.toString());
    } catch (error: unknown) {
      setMessage(explainAccountError(error).form ?? { ns: 'account', key: 'login.thirdPartyFailed' });
      setBusy(null);
    }
  }

  const wechatPath = `${localizePath('/wechatLogin', lang)}${from ? `?${new URLSearchParams({ from }).toString()}` : ''}`;
  return (
    <div className={styles.form}>
      <p className={styles.divider}>{t('login.others')}</p>
      <ul className={styles.providers}>
        {wechat ? (
          <li>
            <Link to={wechatPath} className={buttonClass({ variant: 'secondary', block: true })}>
              <Mark of="wechat" />
              {t('login.wechat')}
            </Link>
          </li>
        ) : null}
        {providers.map((provider) => (
          <li key={provider}>
            <button
              type="button"
              className={buttonClass({ variant: 'secondary', block: true })}
              disabled={busy !== null}
              aria-label={t('login.providerLabel', { provider: t(`login.providers.${provider}`) })}
              onClick={() => void start(provider)}
            >
              <Mark of={provider} />
              {busy === provider ? t('login.redirecting', { provider: t(`login.providers.${provider}`) }) : t(`login.providers.${provider}`)}
            </button>
          </li>
        ))}
      </ul>
      <FormAlert message={message} />
    </div>
  );
}
