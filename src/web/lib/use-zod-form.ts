import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import type { z } from 'zod';
import { type FieldState, useFieldsFromDom } from './use-fields-from-dom.ts';

/** A form's fields as the page holds them: what each field shows, a string as in the DOM. */
type FormValues = Record<string, string>;
/** The fields a schema reads, when the form's fields are the schema's own. */
type SchemaValues<S extends z.ZodType> = { [K in keyof z.input<S>]-?: string };
type Errors<V extends FormValues> = Partial<Record<keyof V & string, string>>;

interface Checked<S extends z.ZodType, V extends FormValues> {
  success: boolean;
  data?: z.output<S>;
  errors: Errors<V>;
}

function check<S extends z.ZodType, V extends FormValues>(schema: S, input: unknown): Checked<S, V> {
  const result = schema.safeParse(input);
  if (result.success) return { success: true, data: result.data, errors: {} };
  const errors: Errors<V> = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0] as (keyof V & string) | undefined;
    if (key !== undefined && errors[key] === undefined) errors[key] = issue.message;
  }
  return { success: false, errors };
}

export interface ZodFormOptions<V extends FormValues> {
  /**
   * What the schema reads, made from the fields: numbers from number fields, a value the page
   * chooses (the only account), a field left out while it is hidden. The fields themselves by default.
   */
  toInput?: (values: V) => unknown;
  /**
   * Every change (typed, autofilled or `set`) passes through it: keep digits only, or fill in
   * another field from this one (a platform read from a link).
   */
  normalize?: (values: V, changed: keyof V & string) => V;
  /**
   * After a submit that found a problem, the fields are checked again as they change (the
   * default); `false`: a change only clears its own field's message until the next submit.
   */
  revalidate?: boolean;
}

/**
 * The one form state hook (every `<form>` in the web uses it), driven by a contract schema: the
 * same zod schema the server validates with gives the messages. Give `formRef` to the `<form>`:
 * values filled in before the page's script ran count (useFieldsFromDom), and spread `field(name)`
 * on each field (its name, value, invalid state and change).
 *
 * `handleSubmit(onValid)` checks the values: when they fail, each field's first message is kept
 * in `errors` and focus goes to the first field in error. A form that says what is wrong another
 * way (a toast, a disabled button) passes `onInvalid`: then nothing is kept and focus stays. `valid`
 * says whether the values pass now (a button enabled only then); `set`, `setError` and `reset`
 * cover a value set by the page, a message from the server and a form emptied after it was sent.
 */
export function useZodForm<S extends z.ZodType, V extends FormValues = SchemaValues<S>>(
  schema: S,
  initial: V,
  { toInput = (values) => values, normalize, revalidate = true }: ZodFormOptions<V> = {},
) {
  const first = useRef(initial);
  const [values, setValues] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  // Messages kept from the last submit (when not checked live) or set by the page; a change clears its own.
  const [messages, setMessages] = useState<Errors<V>>({});

  const current = check<S, V>(schema, toInput(values));
  const errors: Errors<V> = submitted && revalidate ? { ...current.errors, ...messages } : messages;

  function set(name: keyof V & string, value: string) {
    // Functional: the fields filled before hydration arrive together.
    setValues((previous) => {
      const next = { ...previous, [name]: value };
      return normalize ? normalize(next, name) : next;
    });
    setMessages((previous) => {
      if (previous[name] === undefined) return previous;
      const { [name]: _cleared, ...rest } = previous;
      return rest as Errors<V>;
    });
  }

  function setError(name: keyof V & string, message: string | undefined) {
    setMessages((previous) => ({ ...previous, [name]: message }));
  }

  /** Back to the first values (or these), with no message: a form emptied after it was sent. */
  function reset(next: Partial<V> = {}) {
    setValues({ ...first.current, ...next });
    setSubmitted(false);
    setMessages({});
  }

  const formRef = useFieldsFromDom(
    Object.fromEntries(
      Object.entries(values).map(([name, value]): [string, FieldState] => [
        name,
        { value, set: (next) => set(name, next) },
      ]),
    ),
  );

  function field<K extends keyof V & string>(name: K) {
    return {
      name,
      value: values[name],
      'aria-invalid': errors[name] ? true : undefined,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
        set(name, event.target.value),
    };
  }

  function handleSubmit(
    onValid: (data: z.output<S>, event: FormEvent<HTMLFormElement>) => void,
    onInvalid?: (errors: Errors<V>, event: FormEvent<HTMLFormElement>) => void,
  ) {
    return (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const result = check<S, V>(schema, toInput(values));
      if (result.success) {
        if (!onInvalid) {
          setSubmitted(true);
          setMessages({});
        }
        onValid(result.data as z.output<S>, event);
        return;
      }
      if (onInvalid) {
        onInvalid(result.errors, event);
        return;
      }
      setSubmitted(true);
      setMessages(revalidate ? {} : result.errors);
      const firstInvalid = Object.keys(result.errors)[0];
      if (firstInvalid) event.currentTarget.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
    };
  }

  return { values, errors, valid: current.success, field, set, setError, reset, handleSubmit, formRef };
}
