import { useForm, type UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import type { z } from 'zod';
import { applyServerErrors, focusFirstError, zodValidate } from './validation';

interface ServerFormOptions<Values extends Record<string, unknown>> {
  initialValues: Values;
  /** The contract's schema of the body: checked before sending. */
  schema?: z.ZodType;
  /** Instead of a schema, for forms whose values are not the body (field paths to messages). */
  validate?: (values: Values) => Record<string, string>;
  /** Runs on every change (a live preview). */
  onValuesChange?: (values: Values) => void;
  /** Sends the values; throws the ApiError of a failed request. */
  send: (values: Values, form: UseFormReturnType<Values>) => Promise<unknown>;
  /** Fields that show their own server messages (default: every field of the form). */
  fields?: readonly string[];
  /** Server field names that differ from the form's paths. */
  rename?: Record<string, string>;
  /** Called when the schema refuses the values, before the focus moves. */
  onInvalid?: (errors: Record<string, unknown>, setFormError: (message: string) => void) => void;
}

/**
 * A form checked by the contract's schema and then by the server: a 422 lands under the named
 * fields, anything else in the form's alert (`formError`), and the focus moves to the first
 * field in error either way.
 */
export function useServerForm<Values extends Record<string, unknown>>({
  initialValues,
  schema,
  validate,
  onValuesChange,
  send,
  fields = Object.keys(initialValues),
  rename,
  onInvalid,
}: ServerFormOptions<Values>) {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues,
    validate: validate ?? (schema ? zodValidate<Values>(schema) : undefined),
    onValuesChange,
  });
  const submit = form.onSubmit(
    async (values) => {
      setFormError(null);
      try {
        await send(values, form);
      } catch (error) {
        setFormError(applyServerErrors(form, error, fields, rename));
      }
    },
    (errors) => {
      onInvalid?.(errors, setFormError);
      focusFirstError(form, errors);
    },
  );
  return { form, submit, formError, setFormError };
}
