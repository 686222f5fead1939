/**
 * Toasts, callable from anywhere (`toast.success(t('…'))`). The toast library is loaded on first
 * use (or when the browser is idle), so it costs nothing on the first page load: messages sent
 * before it is ready wait in a queue and are shown as soon as the toaster is mounted.
 */
import { createStore } from './store';

export type ToastKind = 'success' | 'info' | 'warning' | 'error';

export interface ToastMessage {
  kind: ToastKind;
  message: string;
  description?: string | undefined;
}

type Show = (toast: ToastMessage) => void;

let show: Show | null = null;
const queue: ToastMessage[] = [];

/** True once a toast was requested: the shell then mounts the (lazy) toaster. */
export const toasterWanted = createStore(false);

function push(kind: ToastKind, message: string, description?: string): void {
  const toast = { kind, message, description };
  if (show) {
    show(toast);
    return;
  }
  queue.push(toast);
  toasterWanted.set(true);
}

export const toast = {
  success: (message: string, description?: string) => push('success', message, description),
  info: (message: string, description?: string) => push('info', message, description),
  warning: (message: string, description?: string) => push('warning', message, description),
  error: (message: string, description?: string) => push('error', message, description),
};

/** Called by the mounted toaster: shows the queued messages, then every new one at once. */
export function connectToaster(display: Show): () => void {
  show = display;
  for (const waiting of queue.splice(0)) display(waiting);
  return () => {
    if (show === display) show = null;
  };
}
