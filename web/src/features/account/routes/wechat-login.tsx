import { useQuery } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Link } from '@/components/ui/link';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/http';
import { localizePath } from '@/lib/routing';
import { usePageLanguage } from '@/lib/use-page-language';
import { type WxScene, createWxScene, pollWxScene } from '../api/account-api';
import { AuthLayout } from '../components/auth-layout';
import { buttonClass } from '@/components/ui/button';
import styles from '../components/forms.module.css';
import { usableReturnPath } from '../utils/return-page';
import { useCompleteLogin } from '../utils/use-complete-login';
import { useCountdown } from '../utils/use-countdown';
import wx from './wechat-login.module.css';

/** How often the scene is asked for news (the contract says every 2 s). */
export const POLL_MS = 2000;

const EXPIRED: WxScene['status'] = 'expired';

/**
 * /wechatLogin: a QR code (the scene's qrContent) to scan with WeChat. The scene is polled every
 * 2 s: scanned → "confirm in WeChat", confirmed → the session is stored and the visitor returns to
 * the origin page, expired → a button for a new code.
 */
export function WechatLoginRoute() {
  const { t } = useTranslation('account');
  const lang = usePageLanguage();
  const [params] = useSearchParams();
  const from = usableReturnPath(params.get('from'));
  const [generation, setGeneration] = useState(0);
  const { complete } = useCompleteLogin();
  const completed = useRef(false);
  const { seconds, start } = useCountdown();

  const created = useQuery({
    queryKey: ['wxScene', 'create', generation],
    queryFn: ({ signal }) => createWxScene(signal),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const sceneId = created.data?.sceneId ?? null;

  const polled = useQuery({
    queryKey: ['wxScene', 'poll', sceneId],
    queryFn: async ({ signal }) => {
      try {
        return await pollWxScene(sceneId ?? '', signal);
      } catch (error: unknown) {
        // An unknown or forgotten scene is an expired one, and so is one this browser no longer
        // holds (its login cookie is gone, account.qr_other_browser): offer a new code.
        const lost = error instanceof ApiError && (error.status === 404 || error.errorKey === 'account.qr_other_browser');
        if (lost && created.data) return { ...created.data, status: EXPIRED, login: null };
        throw error;
      }
    },
    enabled: sceneId !== null,
    gcTime: 0,
    retry: 2,
    refetchOnWindowFocus: false,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'confirmed' || status === 'expired' ? false : POLL_MS;
    },
  });

  const scene = polled.data ?? created.data;

  useEffect(() => {
    if (created.data) start(created.data.expiresIn);
  }, [created.data, start]);

  useEffect(() => {
    if (scene?.status === 'confirmed' && scene.login && !completed.current) {
      completed.current = true;
      complete(scene.login, from);
    }
  }, [scene, complete, from]);

  const expired = scene?.status === 'expired';
  let status: string;
  if (!scene) status = t('wechat.creating');
  else if (expired) status = t('wechat.expired');
  else if (scene.status === 'scanned') status = t('wechat.scanned');
  else if (scene.status === 'confirmed') status = t('wechat.confirmed');
  else status = t('wechat.waiting');

  return (
    <AuthLayout lead={t('wechat.lead')}>
      <div className={wx.panel}>
        {created.isError ? (
          <ErrorState error={created.error} onRetry={() => void created.refetch()} />
        ) : (
          <>
            <div className={wx.qr} data-status={scene?.status ?? 'creating'}>
              {scene ? (
                <QRCodeSVG value={scene.qrContent} size={200} level="M" marginSize={2} title={t('wechat.qrLabel')} role="img" aria-label={t('wechat.qrLabel')} />
              ) : (
                <Skeleton className={wx.qrSkeleton} />
              )}
              {expired ? (
                <div className={wx.cover}>
                  <button type="button" className={buttonClass({ variant: 'primary', size: 'md', block: true })} onClick={() => setGeneration((n) => n + 1)}>
                    {t('wechat.refresh')}
                  </button>
                </div>
              ) : null}
            </div>
            <p className={wx.status} role="status" data-status={scene?.status ?? 'creating'}>
              {status}
            </p>
            {scene && !expired && scene.status !== 'confirmed' && seconds > 0 ? (
              <p className={wx.validity}>{t('wechat.validFor', { seconds })}</p>
            ) : null}
            {polled.isError ? <ErrorState compact error={polled.error} onRetry={() => void polled.refetch()} /> : null}
          </>
        )}
        <p className={styles.links}>
          <Link to={`${localizePath('/login', lang)}${from ? `?${new URLSearchParams({ from }).toString()}` : ''}`} className={styles.link}>
            {t('wechat.otherWays')}
          </Link>
        </p>
      </div>
    </AuthLayout>
  );
}
