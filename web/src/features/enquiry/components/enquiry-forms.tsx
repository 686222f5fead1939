/**
 * The forms of the enquiry dialog, in their own chunk (form library, schemas, pickers): loaded
 * when the dialog first opens, not with the page.
 */
import { useLocation } from 'react-router';
import type { EnquiryIntent } from '@/lib/enquiry-dialog';
import { sourcePageOf } from '@/lib/form-submit';
import type { SiteLanguage } from '@/lib/language';
import { ChineseEnquiryForm } from './chinese-enquiry-form';
import { CmsDialogForm } from './cms-dialog-form';
import { OverseasEnquiryForm } from './overseas-enquiry-form';

export interface EnquiryFormsProps {
  intent: EnquiryIntent;
  lang: SiteLanguage;
  onDone: () => void;
}

/** Which form an intent opens: the sales enquiry (Chinese on the Chinese site, overseas elsewhere) or a CMS form. */
export function enquiryFormKind(intent: EnquiryIntent, lang: SiteLanguage): 'chinese' | 'overseas' | 'prototype' | 'feedback' {
  if (intent === 'prototype' || intent === 'feedback') return intent;
  return lang === 'zh' ? 'chinese' : 'overseas';
}

export default function EnquiryForms({ intent, lang, onDone }: EnquiryFormsProps) {
  const sourcePage = sourcePageOf(useLocation());
  const kind = enquiryFormKind(intent, lang);
  switch (kind) {
    case 'chinese':
      return <ChineseEnquiryForm lang={lang} sourcePage={sourcePage} onDone={onDone} />;
    case 'overseas':
      return <OverseasEnquiryForm lang={lang} sourcePage={sourcePage} onDone={onDone} />;
    default:
      return <CmsDialogForm kind={kind} lang={lang} sourcePage={sourcePage} onDone={onDone} />;
  }
}
