import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { RepairReport } from '@/api/generated/model/repairReport.zod';
import { SUBMIT_FAILED, type SubmitFailureKey, serverFieldName, submitFailureKey } from '@/lib/form-submit';
import { ApiError } from '@/lib/http';
import { settleSubmission, submissionKey } from '@/lib/idempotency';
import { toast } from '@/lib/toast';
import { usePageLanguage } from '@/lib/use-page-language';
import { type WorkOrderReceipt, submitWorkOrder } from '../api/work-orders';

/** Idempotency scope of the report: one pending key per form variant. */
export type ReportScope = 'addWorkOrder:repair' | 'addWorkOrder:consultation';

const ATTACHMENT_FIELD = /^\/?(faultAttachments|softwareVersionAttachments)\/(\d+)$/;

export interface FailureHandlers {
  /** Puts the server's message on a form field; false when the form has no such field. */
  setFieldError: (name: string, message: string) => boolean;
  /** Marks the n-th file of a list as refused; false when there is no such file. */
  rejectAttachment: (list: 'faultAttachments' | 'softwareVersionAttachments', index: number) => boolean;
}

/**
 * Sending a report: one submission at a time (a second press while one is under way does
 * nothing), under an Idempotency-Key that is kept until the report is accepted, so that a double
 * click, a retry after a lost answer or pressing again after an error creates one work order. A
 * failure puts the server's field errors on the fields (and refused files on their cards) and
 * says what happened; what the visitor typed stays. The form renders the trap field of leads
 * (components/ui/lead-trap.tsx) with `trapRef`, and its value goes with the report.
 */
export function useReportSubmit(scope: ReportScope) {
  const { t } = useTranslation('repair');
  const { t: tf } = useTranslation(['forms', 'messages']);
  const lang = usePageLanguage();
  const sending = useRef(false);
  const trapRef = useRef<HTMLInputElement | null>(null);

  const submit = async (body: RepairReport, handlers: FailureHandlers): Promise<WorkOrderReceipt | null> => {
    if (sending.current) return null;
    sending.current = true;
    try {
      const receipt = await submitWorkOrder(body, submissionKey(scope, body), trapRef.current?.value ?? '', lang);
      settleSubmission(scope);
      return receipt;
    } catch (error: unknown) {
      reportFailure(error, handlers, (key) => t(key), (key) => tf(key));
      return null;
    } finally {
      sending.current = false;
    }
  };
  return { submit, trapRef };
}

function reportFailure(
  error: unknown,
  handlers: FailureHandlers,
  t: (key: 'submit.loginExpired' | 'submit.attachmentGone' | 'submit.conflict') => string,
  tf: (key: SubmitFailureKey) => string,
): void {
  if (!(error instanceof ApiError)) {
    console.warn('[repair] submission failed', error);
    toast.error(tf(SUBMIT_FAILED));
    return;
  }
  if (error.status === 401) {
    toast.error(t('submit.loginExpired'));
    return;
  }
  let placed = 0;
  let files = 0;
  for (const fieldError of error.errors) {
    const attachment = ATTACHMENT_FIELD.exec(fieldError.field);
    if (attachment) {
      const list = attachment[1] as 'faultAttachments' | 'softwareVersionAttachments';
      if (handlers.rejectAttachment(list, Number(attachment[2]))) files += 1;
      continue;
    }
    if (handlers.setFieldError(serverFieldName(fieldError.field), fieldError.message)) placed += 1;
  }
  if (files > 0 || error.errorKey === 'repair.attachment_not_yours') {
    toast.error(t('submit.attachmentGone'));
    return;
  }
  if (error.errorKey === 'request.idempotency_conflict') {
    toast.error(t('submit.conflict'));
    return;
  }
  const key = submitFailureKey(error);
  if (key === SUBMIT_FAILED || placed === 0) console.warn('[repair] submission failed', error);
  toast.error(tf(key === 'toasts.checkFields' && placed === 0 ? SUBMIT_FAILED : key));
}
