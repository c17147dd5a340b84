import type { UseFormReturnType } from '@mantine/form';
import { errorText, isApiError } from '@/shared/api/client';
import { i18n } from '@/shared/i18n';

/*
 * Where a failed submission shows: kept apart from the zod validation (validation.ts) so that a
 * form's first screen does not load zod and the contract's schemas before anyone submits.
 */

type FormErrors = Record<string, string>;
type AnyForm = Pick<UseFormReturnType<never>, 'setErrors' | 'getInputNode'>;

/** Moves keyboard focus to the first field in error so screen readers announce its message. */
export function focusFirstError(form: AnyForm, errors: Record<string, unknown>): void {
  const first = Object.keys(errors)[0];
  if (first) form.getInputNode(first as never)?.focus();
}

/**
 * Puts a failed submission where the user will see it: 422 field messages under the inputs
 * named in `fields`, anything else returned as a message for the form-level alert.
 * `rename` maps server field names onto form paths when they differ.
 */
export function applyServerErrors(
  form: AnyForm,
  error: unknown,
  fields: readonly string[],
  rename: Record<string, string> = {},
): string | null {
  if (!isApiError(error)) return i18n.t('common:form.unexpected');
  const fieldErrors: FormErrors = {};
  const leftovers: string[] = [];
  for (const [serverField, messages] of Object.entries(error.errors ?? {})) {
    const field = rename[serverField] ?? serverField;
    const message = messages[0];
    if (!message) continue;
    if (fields.includes(field)) fieldErrors[field] = message;
    else leftovers.push(message);
  }
  if (Object.keys(fieldErrors).length > 0) {
    form.setErrors(fieldErrors);
    focusFirstError(form, fieldErrors);
  }
  if (leftovers.length > 0) return leftovers.join(' ');
  if (Object.keys(fieldErrors).length > 0) return null;
  // No answer (offline, lost, timed out): the client's own wording, not the fetch error's.
  if (error.status === 0 || error.status === 408) return errorText(error);
  return error.message || i18n.t('common:form.unexpected');
}
