import { type RefCallback, useCallback, useRef } from 'react';

/** A form field's state: what React rendered, and how the form takes a new value (its onChange). */
export interface FieldState {
  value: string;
  set: (value: string) => void;
}

type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isField = (node: unknown): node is FieldElement =>
  node instanceof HTMLInputElement ||
  node instanceof HTMLTextAreaElement ||
  node instanceof HTMLSelectElement;

/**
 * The one way a form's state meets values filled in before its page's script took over
 * (decision 011). A prerendered page shows its forms at once; a value put into a field before
 * hydration (browser autofill, a password manager, a fast typist on a slow phone) stays in the
 * field, but React hydrates with the state it rendered ('') and never hears of it: the form sent
 * nothing, or kept its button disabled. Give the returned ref to the `<form>`: when React attaches
 * it (at hydration, or when the form is first rendered), every field named in `fields` whose DOM
 * value differs from its state hands that value to its `set`, as a change would, in the order
 * given. On a form rendered in the browser the fields hold what was rendered, and nothing happens.
 */
export function useFieldsFromDom(fields: Readonly<Record<string, FieldState>>): RefCallback<HTMLFormElement> {
  // The latest render's fields: a form rendered again later (a step back) compares with what it shows.
  const latest = useRef(fields);
  latest.current = fields;
  return useCallback((form: HTMLFormElement | null) => {
    if (!form) return;
    for (const [name, { value, set }] of Object.entries(latest.current)) {
      const field = form.elements.namedItem(name);
      if (isField(field) && field.value !== value) set(field.value);
    }
  }, []);
}
