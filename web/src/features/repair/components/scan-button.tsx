import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/http';
import { usePageLanguage } from '@/lib/use-page-language';
import { type OcrKind, type OcrResult, recognise } from '../api/ocr';
import { precheckFile } from '../schemas/files';
import { useProblemText } from './file-uploader';
import { buttonClass } from '@/components/ui/button';
import styles from './repair-form.module.css';

interface Props {
  kind: OcrKind;
  label: string;
  /** Called with what was read (fields may all be null) and the photo. */
  onRecognised: (result: OcrResult, photo: File) => void;
  /** Called when the photo could not be read at all (refused, no connection), with the reason. */
  onFailed: (message: string) => void;
  onStart?: () => void;
}

/**
 * "Scan the nameplate" / "Scan the version screen": takes a photo (the phone's rear camera first,
 * the file picker on a computer), sends it to the OCR action and hands over what was read. The
 * form fills the fields and asks the visitor to check them.
 */
export function ScanButton({ kind, label, onRecognised, onFailed, onStart }: Props) {
  const { t } = useTranslation('repair');
  const problemText = useProblemText();
  const id = useId();
  const lang = usePageLanguage();
  const [reading, setReading] = useState(false);

  const read = async (photo: File) => {
    const problem = precheckFile(photo, ['image']);
    if (problem) {
      onFailed(problemText(problem.reason === 'type' ? { code: 'type', kinds: ['image'] } : { code: 'size', kind: 'image', limit: problem.limit }));
      return;
    }
    onStart?.();
    setReading(true);
    try {
      onRecognised(await recognise(kind, photo, lang), photo);
    } catch (error: unknown) {
      if (error instanceof ApiError && error.status !== 0 && error.errorKey.startsWith('upload.')) {
        const detail = error.errors.find((e) => e.field === 'file')?.message ?? '';
        onFailed(problemText({ code: 'server', errorKey: error.errorKey, status: error.status, detail }));
      } else {
        onFailed(t(error instanceof ApiError && error.status === 0 ? 'ocr.unreachable' : 'ocr.failed'));
      }
    } finally {
      setReading(false);
    }
  };

  return (
    <span className={styles.scan}>
      <input
        id={id}
        className={styles.fileInput}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        capture="environment"
        disabled={reading}
        aria-label={label}
        onChange={(event) => {
          const photo = event.target.files?.[0];
          event.target.value = '';
          if (photo) void read(photo);
        }}
      />
      <label htmlFor={id} className={buttonClass({ variant: 'secondary', size: 'sm' })} aria-hidden="true" data-busy={reading || undefined}>
        {reading ? <span className={styles.spinner} /> : <CameraIcon />}
        <span>{reading ? t('ocr.reading') : label}</span>
      </label>
      <span className={styles.visuallyHidden} role="status">
        {reading ? t('ocr.reading') : ''}
      </span>
    </span>
  );
}

function CameraIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
        d="M4 8h3l1.5-2h7L17 8h3v11H4zM12 16.5a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z"
      />
    </svg>
  );
}
