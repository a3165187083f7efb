import { type ChangeEvent, type FormEvent, useState } from 'react';
import type { z } from 'zod';
import { type FieldState, useFieldsFromDom } from './use-fields-from-dom.ts';

type Values<S extends z.ZodType> = { [K in keyof z.input<S>]-?: string };
type Errors<S extends z.ZodType> = Partial<Record<keyof z.input<S>, string>>;

function validate<S extends z.ZodType>(
  schema: S,
  values: Values<S>,
): { data?: z.output<S>; errors: Errors<S> } {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data, errors: {} };
  const errors: Errors<S> = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0] as keyof z.input<S> | undefined;
    if (key !== undefined && errors[key] === undefined) errors[key] = issue.message;
  }
  return { errors };
}

/**
 * A small form state hook driven by a contract schema: the same zod schema the server validates
 * with gives the messages. Fields are validated on submit, then again as they change. Give
 * `formRef` to the `<form>`: values filled in before the page's script ran count (useFieldsFromDom).
 */
export function useZodForm<S extends z.ZodType>(schema: S, initial: Values<S>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors<S>>({});
  const [submitted, setSubmitted] = useState(false);

  function change(name: keyof Values<S>, value: string) {
    // Functional: the fields filled before hydration arrive together.
    setValues((current) => ({ ...current, [name]: value }));
    if (submitted) setErrors(validate(schema, { ...values, [name]: value }).errors);
  }

  const formRef = useFieldsFromDom(
    Object.fromEntries(
      Object.entries(values).map(([name, value]): [string, FieldState] => [
        name,
        { value: value as string, set: (next) => change(name as keyof Values<S>, next) },
      ]),
    ),
  );

  function field<K extends keyof Values<S> & string>(name: K) {
    return {
      name,
      value: values[name],
      'aria-invalid': errors[name] ? true : undefined,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
        change(name, event.target.value),
    };
  }

  function handleSubmit(onValid: (data: z.output<S>) => void) {
    return (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      setSubmitted(true);
      const result = validate(schema, values);
      setErrors(result.errors);
      if (result.data !== undefined) {
        onValid(result.data);
        return;
      }
      const firstInvalid = Object.keys(result.errors)[0];
      if (firstInvalid) event.currentTarget.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
    };
  }

  return { values, errors, field, handleSubmit, formRef };
}
