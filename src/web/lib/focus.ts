import { type FocusEvent, useEffect, useRef } from 'react';

/** How long a control that is not in the page yet may still take focus when it comes. */
const RETURN_WAIT_MS = 5000;

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

/**
 * Focus back on a control once a form that replaced it closes (a sentence's Speaker button, "Edit
 * the whole text"). `returnTo(key)` focuses the control with that key now if it is in the page,
 * else as soon as React mounts it, and again if the same save re-mounts it (merged turns get new
 * parents): a state update made after an await renders on a later task, which may come after the
 * next frame, so a `requestAnimationFrame` alone can miss it. A control that mounts later takes focus
 * only while focus is lost, so it never pulls focus from where the user has gone.
 */
export function useFocusReturn<K = string>() {
  const controls = useRef(new Map<K, HTMLElement>());
  const wanted = useRef<{ key: K; until: number } | null>(null);
  /** The ref callback of the control with this key. */
  const ref = (key: K) => (element: HTMLElement | null) => {
    if (!element) {
      controls.current.delete(key);
      return;
    }
    controls.current.set(key, element);
    const wish = wanted.current;
    if (!wish || wish.key !== key) return;
    if (performance.now() > wish.until) wanted.current = null;
    else if (focusIsLost()) element.focus();
  };
  const returnTo = (key: K) => {
    wanted.current = { key, until: performance.now() + RETURN_WAIT_MS };
    const element = controls.current.get(key);
    if (element?.isConnected) element.focus();
  };
  return { ref, returnTo };
}
