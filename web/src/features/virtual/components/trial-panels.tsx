import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrialStatus, VirtualTrial } from '../api/virtual-trial';
import { formatRemaining, isoDuration, useRemainingSeconds } from '../utils/countdown';
import { Credential } from './credential';
import { buttonClass } from '@/components/ui/button';
import styles from './virtual.module.css';

export function StatusBadge({ status }: { status: TrialStatus }) {
  const { t } = useTranslation('virtual');
  return (
    <span className={styles.badge} data-status={status}>
      {t(`status.${status}`)}
    </span>
  );
}

/** Model, cabinet version and the trial's length (the pool's configured value, in every language). */
function TrialSummary({ trial }: { trial: VirtualTrial }) {
  const { t } = useTranslation('virtual');
  return (
    <dl className={styles.summary}>
      <div>
        <dt>{t('trial.model')}</dt>
        <dd>{trial.robotModel}</dd>
      </div>
      <div>
        <dt>{t('trial.cabinet')}</dt>
        <dd>{trial.cabinetVersion}</dd>
      </div>
      <div>
        <dt>{t('trial.lengthLabel')}</dt>
        <dd>{t('trial.length', { hours: trial.durationHours })}</dd>
      </div>
    </dl>
  );
}

/**
 * The remaining time, ticking down each second from the last answer's remainingSeconds (each
 * new answer re-syncs it). When it reaches zero the trial is read again (`onElapsed`).
 */
function RemainingTime({ trial, answeredAt, onElapsed }: { trial: VirtualTrial; answeredAt: number; onElapsed: () => void }) {
  const { t } = useTranslation('virtual');
  const remaining = useRemainingSeconds(trial.remainingSeconds, answeredAt, true);
  const reported = useRef<number | null>(null);
  useEffect(() => {
    // Once per answer: the server decides when the trial has really ended.
    if (remaining === 0 && reported.current !== answeredAt) {
      reported.current = answeredAt;
      onElapsed();
    }
  }, [remaining, answeredAt, onElapsed]);
  return (
    <div className={styles.timer}>
      <p className={styles.timerLabel} id="virtual-remaining-label">
        {t('trial.remaining')}
      </p>
      <time className={styles.timerValue} role="timer" aria-labelledby="virtual-remaining-label" dateTime={isoDuration(remaining)}>
        {formatRemaining(remaining)}
      </time>
      <p className={styles.timerNote}>{t('trial.timerNote')}</p>
    </div>
  );
}

/** The wait prompt while the virtual machine is created (its notice blocks use until it is ready). */
export function CreatingPanel({ trial }: { trial: VirtualTrial }) {
  const { t } = useTranslation('virtual');
  const { t: tm } = useTranslation('messages');
  return (
    <section className={styles.card} aria-labelledby="virtual-trial-title" aria-busy="true">
      <header className={styles.cardHead}>
        <h2 id="virtual-trial-title" className={styles.cardTitle}>
          {t('creating.title')}
        </h2>
        <StatusBadge status={trial.status} />
      </header>
      <div className={styles.wait} role="status">
        <span className={styles.bigSpinner} aria-hidden="true" />
        <div>
          <p className={styles.waitNotice}>{trial.notice ?? tm('virtual.creating')}</p>
          <p className={styles.hint}>{t('creating.hint', { hours: trial.durationHours })}</p>
        </div>
      </div>
      <TrialSummary trial={trial} />
    </section>
  );
}

export interface TrialPanelProps {
  trial: VirtualTrial;
  /** When the trial was answered (ms since the epoch): the countdown starts from there. */
  answeredAt: number;
  onElapsed: () => void;
  /** Buttons under the credentials (synchronise data, modify model). */
  actions?: ReactNode;
  /** The modify-model form, when open. */
  children?: ReactNode;
}

/**
 * An active trial: remaining time, model and cabinet, trial code, experience link and trial
 * password with copy buttons, and the actions. While it is upgrading the notice replaces the
 * credentials and actions (the robot cannot be used), and the time keeps running.
 */
export function TrialPanel({ trial, answeredAt, onElapsed, actions, children }: TrialPanelProps) {
  const { t } = useTranslation('virtual');
  const { t: tm } = useTranslation('messages');
  const upgrading = trial.status === 'upgrading';
  return (
    <section className={styles.card} aria-labelledby="virtual-trial-title" aria-busy={upgrading || undefined}>
      <header className={styles.cardHead}>
        <h2 id="virtual-trial-title" className={styles.cardTitle}>
          {upgrading ? t('upgrading.title') : t('trial.title')}
        </h2>
        <StatusBadge status={trial.status} />
      </header>
      <div className={styles.trialTop}>
        <RemainingTime trial={trial} answeredAt={answeredAt} onElapsed={onElapsed} />
        <TrialSummary trial={trial} />
      </div>
      {upgrading ? (
        <div className={styles.wait} role="status">
          <span className={styles.bigSpinner} aria-hidden="true" />
          <div>
            <p className={styles.waitNotice}>{trial.notice ?? tm('virtual.upgrading')}</p>
            <p className={styles.hint}>{t('upgrading.hint')}</p>
          </div>
        </div>
      ) : (
        <>
          <dl className={styles.credentials}>
            {trial.trialCode ? <Credential label={t('trial.code')} value={trial.trialCode} /> : null}
            {trial.experienceLink ? (
              <Credential
                label={t('trial.link')}
                value={trial.experienceLink}
                display={<span className={styles.linkText}>{trial.experienceLink}</span>}
                extra={
                  <a className={buttonClass({ variant: 'secondary', size: 'sm' })} href={trial.experienceLink} target="_blank" rel="noopener noreferrer">
                    {t('trial.openLink')}
                    <span className={styles.visuallyHidden}>{t('trial.newTab')}</span>
                  </a>
                }
              />
            ) : null}
            {trial.trialPassword ? <Credential label={t('trial.password')} value={trial.trialPassword} hint={t('trial.passwordHint')} /> : null}
          </dl>
          {actions ? <div className={styles.trialActions}>{actions}</div> : null}
        </>
      )}
      {children}
    </section>
  );
}
