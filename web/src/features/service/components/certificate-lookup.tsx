import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useEffectEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ErrorState } from '@/components/ui/error-state';
import { formatDate, visitorToday } from '@/lib/format-date';
import type { SiteLanguage } from '@/lib/language';
import { loginPath } from '@/lib/routing';
import { rememberReturnPage, useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { usePageLanguage } from '@/lib/use-page-language';
import {
  type Certificate,
  isCertificateNotFound,
  lookupWait,
  needsLogin,
  saveDataUrl,
  useCertificateImage,
  useCertificates,
} from '../api/certificates';
import { type CertificateQuery, type CertificateQueryInput, certificateQuerySchema } from '../schemas/certificate-query';
import { buttonClass } from '@/components/ui/button';
import styles from './lookup.module.css';
import { SearchField } from './search-field';

/** Where a lookup typed before logging in waits for the visitor to come back (this tab only). */
export const PENDING_LOOKUP_KEY = 'jakaCertificateLookup';

function readPending(): string | null {
  try {
    return globalThis.sessionStorage?.getItem(PENDING_LOOKUP_KEY) ?? null;
  } catch {
    return null;
  }
}

function writePending(value: string | null): void {
  try {
    if (value === null) globalThis.sessionStorage?.removeItem(PENDING_LOOKUP_KEY);
    else globalThis.sessionStorage?.setItem(PENDING_LOOKUP_KEY, value);
  } catch {
    // Blocked storage: the visitor types the number again after logging in.
  }
}

function CertificateCard({ certificate, lang }: { certificate: Certificate; lang: SiteLanguage }) {
  const { t } = useTranslation(['service', 'messages']);
  const image = useCertificateImage(lang);
  const expired = Boolean(certificate.validUntil && certificate.validUntil < visitorToday());

  const download = () => {
    if (image.isPending) return;
    image.mutate(
      { data: { certificateNo: certificate.certificateNo } },
      {
        onSuccess: (envelope) => saveDataUrl(envelope.data.image, envelope.data.fileName),
        onError: (error) => {
          const wait = lookupWait(error);
          toast.error(wait === null ? t('messages:certificate.image_failed') : t('certificate.tooMany', { seconds: wait }));
        },
      },
    );
  };

  return (
    <li className={styles.card}>
      <div className={styles.cardHead}>
        <span className={styles.badge} data-tone="brand">
          {t(`levels.${certificate.level}`)}
        </span>
        <span className={styles.badge} data-tone={expired ? undefined : 'ok'}>
          {expired ? t('certificate.expired') : t('certificate.valid')}
        </span>
      </div>
      <h3 className={styles.cardTitle}>{certificate.course}</h3>
      <dl className={styles.facts}>
        <div>
          <dt>{t('certificate.holder')}</dt>
          <dd>{certificate.holderName}</dd>
        </div>
        <div>
          <dt>{t('certificate.number')}</dt>
          <dd>{certificate.certificateNo}</dd>
        </div>
        <div>
          <dt>{t('certificate.issued')}</dt>
          <dd>{formatDate(certificate.issueDate, lang)}</dd>
        </div>
        <div>
          <dt>{t('certificate.validUntil')}</dt>
          <dd>{certificate.validUntil ? formatDate(certificate.validUntil, lang) : t('certificate.noExpiry')}</dd>
        </div>
      </dl>
      <button
        type="button"
        className={buttonClass({ variant: 'secondary', size: 'sm' }, styles.cardAction)}
        onClick={download}
        aria-disabled={image.isPending || undefined}
        data-busy={image.isPending || undefined}
      >
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
          <path d="M8 2v8M4.5 6.5 8 10l3.5-3.5M3 13h10" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
        {image.isPending ? t('certificate.downloading') : t('certificate.download')}{' '}
        <span className="visually-hidden">{certificate.certificateNo}</span>
      </button>
    </li>
  );
}

/**
 * Certificate lookup by phone number or certificate number (spec sections 1, 5 and 6). Looking
 * up needs a login: a visitor is sent to the login page and brought back here, where the lookup
 * they typed runs at once.
 */
export function CertificateLookup() {
  const { t } = useTranslation(['service', 'messages']);
  const lang = usePageLanguage();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [submitted, setSubmitted] = useState<string | null>(null);
  const form = useForm<CertificateQueryInput, unknown, CertificateQuery>({
    resolver: zodResolver(certificateQuerySchema),
    mode: 'onBlur',
    reValidateMode: 'onBlur',
    defaultValues: { codeOrPhone: '' },
  });
  const token = session?.token ?? null;
  const results = useCertificates(submitted, lang, token);

  const sendToLogin = (value: string | null) => {
    writePending(value);
    const returnPath = `${location.pathname}${location.search}`;
    rememberReturnPage(returnPath);
    void navigate(loginPath(returnPath, lang));
  };

  // Back from the login page: run the lookup the visitor typed before.
  useEffect(() => {
    if (!token) return;
    const pending = readPending();
    if (!pending) return;
    writePending(null);
    form.setValue('codeOrPhone', pending);
    setSubmitted(pending);
  }, [token, form]);

  // The server no longer accepts the stored login: log in again, then come back. Only when the
  // failure arrives; the lookup sent is the one typed then.
  const onLoginRefused = useEffectEvent(() => sendToLogin(submitted));
  useEffect(() => {
    if (results.isError && needsLogin(results.error)) onLoginRefused();
  }, [results.isError, results.error]);

  const onSubmit = form.handleSubmit((values) => {
    if (!token) {
      sendToLogin(values.codeOrPhone);
      return;
    }
    if (values.codeOrPhone === submitted) void results.refetch();
    else setSubmitted(values.codeOrPhone);
  });

  const fieldError = form.formState.errors.codeOrPhone?.message;
  const busy = results.isFetching;
  // Over the lookup limits: say how long to wait instead of a generic failure.
  const wait = results.isError ? lookupWait(results.error) : null;

  return (
    <div className={styles.panel}>
      <form className={styles.form} noValidate onSubmit={onSubmit} role="search" aria-label={t('certificate.formLabel')}>
        <SearchField
          id="certificate-query"
          label={t('certificate.label')}
          placeholder={t('certificate.placeholder')}
          hint={t('certificate.hint')}
          error={fieldError ? t(fieldError as 'certificate.errors.required') : null}
          button={t('certificate.submit')}
          busy={busy}
          autoComplete="off"
          inputMode="text"
          maxLength={64}
          {...form.register('codeOrPhone')}
        />
        {!session ? (
          <p className={styles.loginNote}>
            <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
              <rect x="3" y="7" width="10" height="7" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.4" />
              <path d="M5.5 7V5a2.5 2.5 0 0 1 5 0v2" fill="none" stroke="currentColor" strokeWidth="1.4" />
            </svg>
            {t('certificate.loginNote')}
          </p>
        ) : null}
      </form>

      <div className={styles.results} aria-live="polite">
        {submitted && token ? (
          results.isPending ? (
            <p role="status">{t('certificate.searching')}</p>
          ) : results.isError ? (
            isCertificateNotFound(results.error) ? (
              <div className={styles.message} data-tone="warning" role="alert">
                <div>
                  <p className={styles.messageTitle}>{t('messages:certificate.not_found')}</p>
                  <p className={styles.messageText}>{t('certificate.notFoundHint')}</p>
                </div>
              </div>
            ) : needsLogin(results.error) ? null : (
              <ErrorState
                error={results.error}
                message={wait === null ? undefined : t('certificate.tooMany', { seconds: wait })}
                onRetry={() => void results.refetch()}
              />
            )
          ) : results.data.length === 0 ? (
            <div className={styles.message} data-tone="warning" role="alert">
              <p className={styles.messageTitle}>{t('messages:certificate.not_found')}</p>
            </div>
          ) : (
            <>
              <p className="visually-hidden" role="status">
                {t('certificate.found', { count: results.data.length })}
              </p>
              <ul className={styles.cards} aria-label={t('certificate.resultsLabel')}>
                {results.data.map((certificate) => (
                  <CertificateCard key={certificate.certificateNo} certificate={certificate} lang={lang} />
                ))}
              </ul>
            </>
          )
        ) : null}
      </div>
    </div>
  );
}
