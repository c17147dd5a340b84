import { isUniqueViolation } from '../../db/errors.js';
import { FieldValidationError } from '../../http/errors.js';

/** The 422 for an address another account has. */
export function emailTakenError(): FieldValidationError {
  return new FieldValidationError({ email: ['validation.email_taken'] });
}

/**
 * Runs a write of a user's email. The check before it cannot see a request racing for the same
 * address; the unique index then refuses the second write, which gets the same 422 as the check.
 */
export async function guardEmailRace<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTakenError();
    throw error;
  }
}
