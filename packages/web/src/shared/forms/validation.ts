import { issueMeaning } from '@kinfolio/contract';
import type { z } from 'zod';
import { i18n } from '@/shared/i18n';

// Their former home: forms that validate by hand still import them from here.
export { applyServerErrors, focusFirstError } from './serverErrors';

/*
 * The contract's zod schemas validate on the client and their issues become translated field
 * messages. This module brings zod and the contract's schema helpers with it, so useServerForm
 * loads it on first use; what a server answer needs (serverErrors.ts) stays light.
 */

type FormErrors = Record<string, string>;

const tv = (key: string, options?: Record<string, unknown>) =>
  i18n.t(`common:validation.${key}`, options);

function issueText(issue: z.core.$ZodIssue, values: unknown): string {
  const { kind, ...params } = issueMeaning(issue, values);
  return tv(kind, params);
}

/** A Mantine `validate` function from a contract schema; first message per field wins. */
export function zodValidate<Values>(schema: z.ZodType) {
  return (values: Values): FormErrors => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: FormErrors = {};
    for (const issue of result.error.issues) {
      const field = issue.path.map(String).join('.');
      if (field && !(field in errors)) errors[field] = issueText(issue, values);
    }
    return errors;
  };
}
