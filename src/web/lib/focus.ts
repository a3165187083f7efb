import { type FocusEvent, useEffect, useRef } from 'react';

/** True when no control has focus (it was on an element that went away or was disabled). */
export const focusIsLost = () => !document.activeElement || document.activeElement === document.body;

/**
 * Moves focus to `target` when focus was lost, e.g. after the focused control was removed (a
 * deleted item, a closed form). A target that is not focusable by itself gets tabindex -1.
 */
export function focusIfLost(target: HTMLElement | null | undefined) {
  if (!target || !focusIsLost()) return;
  if (!target.matches('a[href], button, input, select, textarea, [tabindex]')) target.tabIndex = -1;
  target.focus();
}

/**
 * A control that is disabled while its action runs loses focus (the browser blurs a disabled
 * element), which drops a keyboard user back to the top of the page. Spread the returned props on
 * the control: when `busy` ends it gets focus back, unless the user has moved on meanwhile.
 */
export function useKeepFocusWhileBusy<T extends HTMLElement & { disabled: boolean }>(busy: boolean) {
  const ref = useRef<T>(null);
  const lostWhileDisabled = useRef(false);
  useEffect(() => {
    if (busy || !lostWhileDisabled.current) return;
    lostWhileDisabled.current = false;
    focusIfLost(ref.current);
  }, [busy]);
  return {
    ref,
    onBlur: (event: FocusEvent<T>) => {
      lostWhileDisabled.current = event.currentTarget.disabled && event.relatedTarget === null;
    },
  };
}
