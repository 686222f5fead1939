import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { requestAttention } from '@/lib/attention';
import { errorMessageKey } from '@/lib/error-message';
import { clearExpiredSession, getStoredAccount } from '@/lib/session';
import { toast } from '@/lib/toast';
import { usePageContext } from '@/lib/use-page-language';
import {
  type VirtualModel,
  type VirtualTrial,
  trialLookupFor,
  useApplyTrial,
  useCurrentTrial,
  useSwitchTrial,
  useSyncTrial,
  useTrialCatalogue,
} from '../api/virtual-trial';
import { type TrialChoice, isSameChoice } from '../schemas/trial-choice';
import { isLoginRequired, isOutcomeUnknown, meansCatalogueChanged, meansTrialChanged, virtualErrorKey } from '../utils/errors';
import { ModelPicker } from './model-picker';
import { TrialGuide } from './trial-guide';
import { CreatingPanel, StatusBadge, TrialPanel } from './trial-panels';
import { buttonClass } from '@/components/ui/button';
import styles from './virtual.module.css';

function PanelSkeleton() {
  const { t } = useTranslation('virtual');
  return (
    <div className={styles.card} role="status" aria-label={t('loading')}>
      <Skeleton className={styles.skeletonTitle} />
      <Skeleton className={styles.skeletonBlock} />
      <Skeleton className={styles.skeletonLine} />
      <Skeleton className={styles.skeletonLine} />
    </div>
  );
}

interface CatalogueGateProps {
  catalogue: ReturnType<typeof useTrialCatalogue>;
  children: (models: VirtualModel[]) => ReactNode;
}

/** The catalogue's models, or its loading, error and empty states. */
function CatalogueGate({ catalogue, children }: CatalogueGateProps) {
  const { t } = useTranslation('virtual');
  if (catalogue.isPending) return <Skeleton className={styles.skeletonBlock} />;
  if (catalogue.isError) return <ErrorState error={catalogue.error} onRetry={() => void catalogue.refetch()} />;
  if (catalogue.data.length === 0) {
    return (
      <p className={styles.empty} role="status">
        {t('picker.empty')}
      </p>
    );
  }
  return <>{children(catalogue.data)}</>;
}

/**
 * The logged-in visitor's virtual trial, in whatever state the pool reports: the choice and
 * apply form (no trial, or an ended one: apply again), the wait prompt while the machine is
 * created, the trial itself (remaining time, code, link, password, synchronise, modify model)
 * and the upgrade notice while a switch runs. Beside it, the login steps and the software.
 */
export function TrialWorkspace({ token }: { token: string }) {
  const { t } = useTranslation('virtual');
  const { t: tm } = useTranslation('messages');
  const { t: tc } = useTranslation();
  const context = usePageContext();
  const lookup = trialLookupFor(getStoredAccount());
  const trialQuery = useCurrentTrial(lookup, context, token);
  const catalogue = useTrialCatalogue(context);
  const apply = useApplyTrial(lookup, context, token);
  const switchTrial = useSwitchTrial(lookup, context, token);
  const sync = useSyncTrial(context);
  const [modifying, setModifying] = useState(false);
  const { refetch: refetchTrial } = trialQuery;
  const { refetch: refetchCatalogue } = catalogue;

  /** Says why a call failed and brings the page up to date with the pool. */
  const report = useCallback(
    (error: unknown) => {
      if (isLoginRequired(error)) {
        // The page then shows the login prompt (the session hook follows storage).
        clearExpiredSession();
        toast.warning(tm('account.token_expired'));
        return;
      }
      const key = virtualErrorKey(error);
      if (key === 'virtual.no_change') toast.warning(tm(key));
      else if (key === 'virtual.trial_active') toast.info(tm(key));
      else if (key) toast.error(tm(key));
      else if (isOutcomeUnknown(error)) toast.info(t('errors.checking'));
      else toast.error(tc(errorMessageKey(error)));
      if (meansTrialChanged(error) || isOutcomeUnknown(error)) void refetchTrial();
      if (meansCatalogueChanged(error)) void refetchCatalogue();
    },
    [t, tm, tc, refetchTrial, refetchCatalogue],
  );

  // A login that ended while the trial was being read shows the login prompt as well.
  const trialError = trialQuery.error;
  useEffect(() => {
    if (isLoginRequired(trialError)) report(trialError);
  }, [trialError, report]);

  const trial: VirtualTrial | null | undefined = trialQuery.data;
  const busyStatus = trial?.status;
  // A switch or an ended trial closes the modify form.
  useEffect(() => {
    if (busyStatus !== 'active') setModifying(false);
  }, [busyStatus]);

  const onApply = async (choice: TrialChoice) => {
    try {
      await apply.mutateAsync({ data: choice });
    } catch (error) {
      report(error);
    }
  };

  const onSwitch = async (choice: TrialChoice) => {
    if (!trial) return;
    if (isSameChoice(choice, trial)) {
      toast.warning(tm('virtual.no_change'));
      return;
    }
    const confirmed = await requestAttention({
      title: t('modify.confirmTitle'),
      message: t('modify.confirmMessage', { model: choice.robotModel, cabinet: choice.cabinetVersion }),
      confirmLabel: t('modify.confirm'),
      cancelLabel: t('modify.cancel'),
    });
    if (!confirmed) return;
    try {
      await switchTrial.mutateAsync({ data: choice });
      setModifying(false);
    } catch (error) {
      report(error);
    }
  };

  const onSync = () => {
    sync.mutate(undefined, {
      onSuccess: () => toast.success(tm('virtual.data_synchronized')),
      onError: report,
    });
  };

  const onElapsed = useCallback(() => void refetchTrial(), [refetchTrial]);

  let main: ReactNode;
  if (trialQuery.isPending) {
    main = <PanelSkeleton />;
  } else if (trialQuery.isError) {
    main = isLoginRequired(trialQuery.error) ? <PanelSkeleton /> : <ErrorState error={trialQuery.error} onRetry={() => void refetchTrial()} />;
  } else if (!trial || trial.status === 'expired') {
    main = (
      <section className={styles.card} aria-labelledby="virtual-apply-title">
        <header className={styles.cardHead}>
          <h2 id="virtual-apply-title" className={styles.cardTitle}>
            {trial ? t('apply.againTitle') : t('apply.title')}
          </h2>
          {trial ? <StatusBadge status={trial.status} /> : null}
        </header>
        {trial ? (
          <p className={styles.ended} role="status">
            {t('apply.ended', { model: trial.robotModel })}
          </p>
        ) : null}
        <p className={styles.cardLead}>
          {trial ? t('apply.leadWithLength', { hours: trial.durationHours }) : t('apply.lead')}
        </p>
        <CatalogueGate catalogue={catalogue}>
          {(models) => (
            <ModelPicker
              models={models}
              initial={trial ?? undefined}
              label={t('apply.title')}
              submitLabel={trial ? t('apply.again') : t('apply.submit')}
              busyLabel={t('apply.submitting')}
              busy={apply.isPending}
              onSubmit={onApply}
            />
          )}
        </CatalogueGate>
      </section>
    );
  } else if (trial.status === 'creating') {
    main = <CreatingPanel trial={trial} />;
  } else {
    main = (
      <TrialPanel
        trial={trial}
        answeredAt={trialQuery.dataUpdatedAt}
        onElapsed={onElapsed}
        actions={
          <>
            <button type="button" className={buttonClass({ variant: 'secondary' })} onClick={onSync} disabled={sync.isPending} data-busy={sync.isPending || undefined}>
              {sync.isPending ? t('trial.syncing') : t('trial.sync')}
            </button>
            <button
              type="button"
              className={buttonClass({ variant: 'secondary' })}
              aria-expanded={modifying}
              aria-controls={modifying ? 'virtual-modify' : undefined}
              onClick={() => setModifying((open) => !open)}
            >
              {t('trial.modify')}
            </button>
          </>
        }
      >
        {modifying && trial.status === 'active' ? (
          <div className={styles.modify} id="virtual-modify">
            <h3 className={styles.modifyTitle}>{t('modify.title')}</h3>
            <CatalogueGate catalogue={catalogue}>
              {(models) => (
                <ModelPicker
                  models={models}
                  initial={trial}
                  label={t('modify.title')}
                  submitLabel={t('modify.submit')}
                  busyLabel={t('modify.submitting')}
                  busy={switchTrial.isPending}
                  onSubmit={onSwitch}
                  onCancel={() => setModifying(false)}
                  cancelLabel={t('modify.cancel')}
                  note={t('modify.note')}
                />
              )}
            </CatalogueGate>
          </div>
        ) : null}
      </TrialPanel>
    );
  }

  return (
    <div className={styles.layout}>
      <div className={styles.main}>{main}</div>
      <TrialGuide />
    </div>
  );
}
