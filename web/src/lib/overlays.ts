/**
 * Which of the header's full-screen overlays is open: the search overlay or the mobile menu.
 * Only one at a time; their (lazy) components read this store.
 */
import { rememberOpener } from './focus-return';
import { createStore } from './store';

export type HeaderOverlay = 'search' | 'menu' | null;

export const headerOverlayStore = createStore<HeaderOverlay>(null);

export function openHeaderOverlay(overlay: Exclude<HeaderOverlay, null>): void {
  // From the mobile menu to search: focus goes back to where the menu was opened from.
  if (headerOverlayStore.get() === null) rememberOpener();
  headerOverlayStore.set(overlay);
}

export function closeHeaderOverlay(): void {
  headerOverlayStore.set(null);
}
