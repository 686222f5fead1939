import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { VirtualModel } from '../api/virtual-trial';
import { type TrialChoice, type TrialChoiceMessage, trialChoiceSchema } from '../schemas/trial-choice';
import { buttonClass } from '@/components/ui/button';
import { balancedGrid } from '@/lib/balanced-grid';
import styles from './virtual.module.css';

/** Three models a row at most, so that the cards of every series line up; no row of one (5 are 3 + 2). */
const MODEL_COLUMNS = { wide: 3, mid: 3, narrow: 3, phone: 2 };

export interface ModelPickerProps {
  models: readonly VirtualModel[];
  /** The choice shown first (the running trial's, when modifying). */
  initial?: { robotModel: string; cabinetVersion: string } | undefined;
  /** Accessible name of the form. */
  label: string;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  onSubmit: (choice: TrialChoice) => void | Promise<void>;
  onCancel?: (() => void) | undefined;
  cancelLabel?: string | undefined;
  /** A line above the buttons (e.g. that switching does not reset the timer). */
  note?: ReactNode;
}

/** Models in the catalogue's order, grouped by series (a series first seen first). */
function bySeries(models: readonly VirtualModel[]): Array<[series: string, models: VirtualModel[]]> {
  const groups = new Map<string, VirtualModel[]>();
  for (const model of models) {
    const group = groups.get(model.series);
    if (group) group.push(model);
    else groups.set(model.series, [model]);
  }
  return [...groups];
}

function startingChoice(models: readonly VirtualModel[], initial: ModelPickerProps['initial']): { robotModel: string; cabinetVersion: string } {
  const model = models.find((m) => m.robotModel === initial?.robotModel) ?? models[0];
  if (!model) return { robotModel: '', cabinetVersion: '' };
  const cabinet = initial && model.cabinetVersions.includes(initial.cabinetVersion) ? initial.cabinetVersion : (model.cabinetVersions[0] ?? '');
  return { robotModel: model.robotModel, cabinetVersion: cabinet };
}

/**
 * The choice of robot model (cards grouped by series, with payload and reach) and of control
 * cabinet version (only the versions the chosen model runs on, newest first): the catalogue's
 * valid combinations and nothing else. Used to apply and to modify the model.
 */
export function ModelPicker({ models, initial, label, submitLabel, busyLabel, busy, onSubmit, onCancel, cancelLabel, note }: ModelPickerProps) {
  const { t } = useTranslation(['virtual', 'messages']);
  const id = useId();
  const schema = useMemo(() => trialChoiceSchema(models), [models]);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors },
  } = useForm({ resolver: zodResolver(schema), mode: 'onBlur', defaultValues: startingChoice(models, initial) });

  const chosenModel = models.find((m) => m.robotModel === watch('robotModel'));
  const cabinets = chosenModel?.cabinetVersions ?? [];
  const modelError = errors.robotModel?.message as TrialChoiceMessage | undefined;
  const cabinetError = errors.cabinetVersion?.message as TrialChoiceMessage | undefined;

  const modelField = register('robotModel', {
    onChange: (event: { target: HTMLInputElement }) => {
      // Another model may not run on the version chosen so far: take its newest one.
      const next = models.find((m) => m.robotModel === event.target.value);
      if (next && !next.cabinetVersions.includes(watch('cabinetVersion'))) {
        setValue('cabinetVersion', next.cabinetVersions[0] ?? '', { shouldValidate: Boolean(errors.cabinetVersion) });
      }
    },
  });
  const cabinetField = register('cabinetVersion');

  return (
    <form className={styles.picker} noValidate aria-label={label} onSubmit={(event) => void handleSubmit((choice) => onSubmit(choice))(event)}>
      <fieldset className={styles.pickerGroup} aria-describedby={modelError ? `${id}-model-error` : undefined}>
        <legend className={styles.pickerLegend}>{t('picker.model')}</legend>
        {bySeries(models).map(([series, group]) => (
          <div key={series} className={styles.series} role="group" aria-labelledby={`${id}-series-${series}`}>
            <p className={styles.seriesName} id={`${id}-series-${series}`}>
              {t('picker.series', { series })}
            </p>
            <div className={styles.modelGrid} style={balancedGrid(group.length, MODEL_COLUMNS, true)}>
              {group.map((model) => (
                <label key={model.robotModel} className={styles.modelCard}>
                  <input type="radio" value={model.robotModel} {...modelField} className={styles.radio} />
                  <span className={styles.modelName}>{model.robotModel}</span>{' '}
                  <span className={styles.modelSpecs}>{t('picker.specs', { payload: model.payloadKg, reach: model.reachMm })}</span>
                </label>
              ))}
            </div>
          </div>
        ))}
        <p className={styles.fieldError} id={`${id}-model-error`} role={modelError ? 'alert' : undefined} hidden={!modelError}>
          {modelError ? t(modelError) : null}
        </p>
      </fieldset>

      <fieldset className={styles.pickerGroup} aria-describedby={`${id}-cabinet-hint${cabinetError ? ` ${id}-cabinet-error` : ''}`}>
        <legend className={styles.pickerLegend}>{t('picker.cabinet')}</legend>
        <div className={styles.cabinets}>
          {cabinets.map((cabinet) => (
            <label key={cabinet} className={styles.cabinetPill}>
              <input type="radio" value={cabinet} {...cabinetField} className={styles.radio} />
              <span>{cabinet}</span>
            </label>
          ))}
        </div>
        <p className={styles.hint} id={`${id}-cabinet-hint`}>
          {chosenModel ? t('picker.cabinetHint', { model: chosenModel.robotModel }) : t('picker.chooseModelFirst')}
        </p>
        <p className={styles.fieldError} id={`${id}-cabinet-error`} role={cabinetError ? 'alert' : undefined} hidden={!cabinetError}>
          {cabinetError ? t(cabinetError) : null}
        </p>
      </fieldset>

      {note ? <p className={styles.note}>{note}</p> : null}
      <div className={styles.actions}>
        <button type="submit" className={buttonClass({ variant: 'primary' })} disabled={busy} data-busy={busy || undefined}>
          {busy ? <span className={styles.spinner} aria-hidden="true" /> : null}
          {busy ? busyLabel : submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className={buttonClass({ variant: 'secondary' })} onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </button>
        ) : null}
      </div>
    </form>
  );
}
