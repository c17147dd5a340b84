import { useForm, type UseFormReturnType } from '@mantine/form';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { whenIdle } from '@/shared/build/idle';
import { applyServerErrors, focusFirstError } from './serverErrors';

/** A schema, or how to load it (from a module of the feature's schemas, so zod loads with it). */
export type SchemaSource = z.ZodType | (() => Promise<z.ZodType>);

type Validator<Values> = (values: Values) => Record<string, string>;

interface ServerFormOptions<Values extends Record<string, unknown>> {
  initialValues: Values;
  /** The contract's schema of the body: checked before sending. */
  schema?: SchemaSource;
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
 * The schema's validator, loaded with zod and the contract's issue wording (validation.ts) on
 * first need: a form on a first screen (the login page) shows without them. Loading starts at
 * once when the schema is already here, else when the browser is idle; a submission before then
 * waits for it.
 */
function useSchemaValidator<Values>(schema: SchemaSource | undefined) {
  const validator = useRef<Validator<Values> | null>(null);
  const loading = useRef<Promise<Validator<Values>> | null>(null);
  const source = useRef(schema);
  const load = () => {
    const current = source.current;
    if (!current) return Promise.resolve<Validator<Values>>(() => ({}));
    loading.current ??= Promise.all([
      import('./validation'),
      typeof current === 'function' ? current() : current,
    ]).then(
      ([{ zodValidate }, loaded]) => (validator.current = zodValidate<Values>(loaded)),
      (error: unknown) => {
        // A later submission tries again (the network may be back).
        loading.current = null;
        throw error;
      },
    );
    return loading.current;
  };
  const loadRef = useRef(load);
  useEffect(() => {
    if (!source.current) return;
    const start = () => void loadRef.current().catch(() => undefined);
    if (typeof source.current !== 'function') {
      start();
      return;
    }
    return whenIdle(start);
  }, []);
  return { validator, load };
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
  const schemaValidator = useSchemaValidator<Values>(validate ? undefined : schema);
  const form = useForm<Values>({
    initialValues,
    validate:
      validate ??
      (schema ? (values: Values) => schemaValidator.validator.current?.(values) ?? {} : undefined),
    onValuesChange,
  });
  const handleSubmit = form.onSubmit(
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
  const submit = (event?: FormEvent<HTMLFormElement>) => {
    if (validate || !schema || schemaValidator.validator.current) {
      handleSubmit(event);
      return;
    }
    // The validator is still loading: the submission waits for it rather than skipping the check.
    event?.preventDefault();
    schemaValidator.load().then(
      () => handleSubmit(),
      (error: unknown) => setFormError(applyServerErrors(form, error, fields, rename)),
    );
  };
  return { form, submit, formError, setFormError };
}
