/**
 * The confirm/cancel attention dialog as a promise: `if (await requestAttention({…})) …`.
 * The dialog itself is rendered by the shell (and loaded on first use); this module only holds
 * the pending question.
 */
import { createStore } from './store';

export interface AttentionOptions {
  /** Heading of the dialog; a generic "Attention" when omitted. */
  title?: string;
  message: string;
  /** Label of the confirming button; a generic "Confirm" when omitted. */
  confirmLabel?: string;
  /** Label of the cancelling button; a generic "Cancel" when omitted. */
  cancelLabel?: string;
  /** `danger` styles the confirming button as a destructive action. */
  tone?: 'default' | 'danger';
  /** Where focus goes when the dialog closes (e.g. the menu button it was opened from). */
  returnFocusTo?: HTMLElement | null;
}

export interface AttentionRequest extends AttentionOptions {
  id: number;
  resolve: (confirmed: boolean) => void;
}

export const attentionStore = createStore<AttentionRequest | null>(null);

let nextId = 1;

/**
 * Asks the visitor to confirm. Resolves true on confirm, false on cancel, Escape or a click
 * outside. A newer question replaces an open one, which then resolves false.
 */
export function requestAttention(options: AttentionOptions): Promise<boolean> {
  attentionStore.get()?.resolve(false);
  return new Promise<boolean>((resolve) => {
    const id = nextId++;
    const active = typeof document === 'undefined' ? null : document.activeElement;
    attentionStore.set({
      ...options,
      returnFocusTo: options.returnFocusTo ?? (active instanceof HTMLElement && active !== document.body ? active : null),
      id,
      resolve: (confirmed) => {
        if (attentionStore.get()?.id === id) attentionStore.set(null);
        resolve(confirmed);
      },
    });
  });
}
