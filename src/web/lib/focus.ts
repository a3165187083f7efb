import { type FocusEvent, useEffect, useRef } from 'react';

/**
 * True when no usable control has focus: focus is on the page itself (its control went away), or
 * still on a control that was just disabled (the browser is about to drop it).
 */
export function focusIsLost() {
  const active = document.activeElement as (Element & { disabled?: boolean }) | null;
  return !active || active === document.body || active.disabled === true;
}

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
 * the control, or on a form whose fields are all disabled meanwhile: when `busy` ends, the control
 * that lost focus that way gets it back, unless the user has moved on.
 */
export function useKeepFocusWhileBusy(busy: boolean) {
  const lost = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (busy || !lost.current) return;
    const target = lost.current;
    lost.current = null;
    if (target.isConnected) focusIfLost(target);
  }, [busy]);
  return {
    onBlur: (event: FocusEvent<HTMLElement>) => {
      const target = event.target as HTMLElement & { disabled?: boolean };
      lost.current = target.disabled && event.relatedTarget === null ? target : null;
    },
  };
}
