/**
 * Where focus goes back to when an overlay closes. Radix dialogs return focus to their own
 * Trigger; the shell's overlays open from anywhere (header buttons, the floating bar, code), so
 * they remember the element that had focus when they were opened instead.
 */
let opener: HTMLElement | null = null;

/** Remembers the focused element; call when an overlay is asked to open. */
export function rememberOpener(): void {
  const active = typeof document === 'undefined' ? null : document.activeElement;
  opener = active instanceof HTMLElement && active !== document.body ? active : null;
}

/**
 * For a Radix `onCloseAutoFocus`: focuses the remembered element if it is still on the page
 * (and keeps Radix from moving focus elsewhere); otherwise leaves the default.
 */
export function returnFocusToOpener(event: Event): void {
  const target = opener;
  opener = null;
  if (target?.isConnected) {
    event.preventDefault();
    target.focus();
  }
}
