/**
 * The enquiry dialog that opens over any page (spec sections 2 and 4). Any component calls
 * `useEnquiryDialog().open('prototype')`; the shell renders the dialog (loaded on first use).
 */
import { rememberOpener } from './focus-return';
import { createStore, useStore } from './store';

/**
 * Why the visitor opened it, which decides the dialog's title and form: `contact` and `consult`
 * the sales enquiry (Chinese or overseas variant by page language), `prototype` the prototype
 * request and `feedback` the feedback form (both CMS forms).
 */
export type EnquiryIntent = 'contact' | 'prototype' | 'consult' | 'feedback';

export interface EnquiryDialogState {
  open: boolean;
  intent: EnquiryIntent;
}

export const enquiryDialogStore = createStore<EnquiryDialogState>({ open: false, intent: 'contact' });

export function openEnquiryDialog(intent: EnquiryIntent = 'contact'): void {
  if (!enquiryDialogStore.get().open) rememberOpener();
  enquiryDialogStore.set({ open: true, intent });
}

export function closeEnquiryDialog(): void {
  enquiryDialogStore.set((state) => (state.open ? { ...state, open: false } : state));
}

/** Open/close the enquiry dialog, and whether it is open. */
export function useEnquiryDialog() {
  const state = useStore(enquiryDialogStore);
  return { isOpen: state.open, intent: state.intent, open: openEnquiryDialog, close: closeEnquiryDialog };
}
