/**
 * Where the focus goes when a form is sent incomplete: to its first control in error, in the
 * order the visitor reads the form (document order), whatever order its fields registered in.
 * The errors themselves are shown inline under each field (components/ui/form-controls.tsx);
 * nothing floats over the form to repeat them.
 */
import { type RefObject, useEffect, useRef } from 'react';

/** A control that can take the focus. */
const CONTROL = 'input:not([type="hidden"]):not(:disabled), select:not(:disabled), textarea:not(:disabled)';

/**
 * The first control in error inside `form`: a control marked `aria-invalid`, or the first control
 * of a field or group marked `data-invalid` (a group of checkboxes has no `aria-invalid` of its
 * own), whichever comes first.
 */
export function firstInvalidControl(form: HTMLElement): HTMLElement | null {
  for (const marked of form.querySelectorAll<HTMLElement>('[aria-invalid="true"], [data-invalid]')) {
    const control = marked.matches(CONTROL) ? marked : marked.querySelector<HTMLElement>(CONTROL);
    if (control) return control;
  }
  return null;
}

/**
 * Focuses the first control in error once a submission has been refused, after the errors are on
 * screen. Give it react-hook-form's `submitCount` and whether the form has errors, put the ref on
 * the `<form>` and turn off react-hook-form's own `shouldFocusError` (which follows the order the
 * fields registered in, not the order they stand in).
 */
export function useFocusFirstInvalid(submitCount: number, hasErrors: boolean): RefObject<HTMLFormElement | null> {
  const form = useRef<HTMLFormElement>(null);
  const handled = useRef(submitCount);
  useEffect(() => {
    if (submitCount === handled.current) return;
    handled.current = submitCount;
    if (hasErrors && form.current) firstInvalidControl(form.current)?.focus();
  }, [submitCount, hasErrors]);
  return form;
}
