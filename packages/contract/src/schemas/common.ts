import { z } from 'zod';
import { LIMITS } from '../constants.js';

/** Message keys used as custom zod messages; the server localises them (see server i18n). */
export const VALIDATION_KEYS = {
  passwordsMismatch: 'validation.passwords_mismatch',
  hexColor: 'validation.hex_color',
  tileUrl: 'validation.tile_url',
  keepAmongMerged: 'validation.keep_among_merged',
  translationKey: 'validation.translation_key',
  invalidCharacter: 'validation.invalid_character',
  planningRange: 'validation.planning_range',
  required: 'validation.required',
} as const;

/** Ids are 32-bit integer columns (PostgreSQL `integer`): a larger one can only be bad input. */
export const ID_MAX = 2_147_483_647;

/** The one text spelling of a whole number: decimal digits, no sign, space or leading zero. */
const DECIMAL = /^(?:0|[1-9][0-9]*)$/;

/**
 * A whole number in [min, max], given as a JSON number or, in paths, queries and bodies alike, as
 * its decimal digits. Every integer the contract reads goes through here: `Number()` (and so
 * `z.coerce.number()`) also reads `0x10`, `0b10000`, `1.6e1` and ` 16\n` as 16, which let one
 * id be spelled many ways (and a DELETE reach a row its URL does not name).
 */
export function integerField(min: number, max: number) {
  return z.preprocess(
    (value) => (typeof value === 'string' && DECIMAL.test(value) ? Number(value) : value),
    z.int().min(min).max(max),
  );
}

export const idField = integerField(1, ID_MAX);
export const idParam = z.object({ id: idField });

/**
 * PostgreSQL text cannot hold NUL characters: the server refuses any request carrying one (in a
 * string or a key) before validation, so the schemas need no refinement of their own.
 */
export function withoutNul(value: string): boolean {
  return !value.includes('\u0000');
}

export const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email().max(LIMITS.emailMaxLength));

export const passwordField = z.string().min(LIMITS.passwordMinLength).max(LIMITS.passwordMaxLength);

export const nameField = z.string().trim().min(1).max(LIMITS.nameMaxLength);

/** A body with `password` and `password_confirmation` that must match. */
export function withPasswordConfirmation<T extends z.ZodRawShape>(shape: T) {
  return z.object({ ...shape, password: passwordField, password_confirmation: z.string() }).refine(
    (value) => {
      const { password, password_confirmation } = value as {
        password: string;
        password_confirmation: string;
      };
      return password === password_confirmation;
    },
    {
      path: ['password_confirmation'],
      message: VALIDATION_KEYS.passwordsMismatch,
    },
  );
}

/** Laravel-style message bodies. */
export const messageBody = z
  .object({ message: z.string() })
  .meta({ examples: [{ message: 'The tag has been deleted.' }] });
export type MessageBody = z.infer<typeof messageBody>;

export const validationErrorBody = z
  .object({
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())),
  })
  .meta({
    examples: [
      {
        message: 'The given data was invalid.',
        errors: { email: ['The email field must be a valid email address.'] },
      },
    ],
  });
export type ValidationErrorBody = z.infer<typeof validationErrorBody>;

export const paginationMeta = z.object({
  current_page: z.number().int(),
  from: z.number().int().nullable(),
  last_page: z.number().int(),
  path: z.string(),
  per_page: z.number().int(),
  to: z.number().int().nullable(),
  total: z.number().int(),
});
export const paginationLinks = z.object({
  first: z.string(),
  last: z.string(),
  prev: z.string().nullable(),
  next: z.string().nullable(),
});
/** Laravel's paginated answer, `{data, meta, links}`, for rows of type T. */
export interface Paginated<T> {
  data: T[];
  meta: z.infer<typeof paginationMeta>;
  links: z.infer<typeof paginationLinks>;
}
export function paginated<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: paginationMeta, links: paginationLinks });
}
