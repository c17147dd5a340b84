import type { z } from 'zod';
import { VALIDATION_KEYS } from './common.js';

/** What a validation issue means to a person, independent of language. */
export type IssueMeaning =
  | { kind: 'required' }
  | { kind: 'email' }
  | { kind: 'minLength'; count: number }
  | { kind: 'maxLength'; count: number }
  | { kind: 'passwordsMismatch' }
  | { kind: 'hexColor' }
  | { kind: 'tileUrl' }
  | { kind: 'invalid' };

const CUSTOM: Record<string, IssueMeaning> = {
  [VALIDATION_KEYS.passwordsMismatch]: { kind: 'passwordsMismatch' },
  [VALIDATION_KEYS.hexColor]: { kind: 'hexColor' },
  [VALIDATION_KEYS.tileUrl]: { kind: 'tileUrl' },
};

function valueAt(values: unknown, path: readonly PropertyKey[]): unknown {
  let current = values;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/**
 * Classifies a zod issue so the server and the web app word it the same way, each in its own
 * message catalogue. `values` is the validated input, to tell an empty field from a wrong one.
 */
export function issueMeaning(issue: z.core.$ZodIssue, values: unknown): IssueMeaning {
  const custom = CUSTOM[issue.message];
  if (custom) return custom;
  const value = valueAt(values, issue.path);
  // Empty fields read better as "required" than as a length or format complaint.
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
    return { kind: 'required' };
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'string'
        ? { kind: 'minLength', count: Number(issue.minimum) }
        : { kind: 'invalid' };
    case 'too_big':
      return issue.origin === 'string'
        ? { kind: 'maxLength', count: Number(issue.maximum) }
        : { kind: 'invalid' };
    case 'invalid_format':
      return issue.format === 'email' ? { kind: 'email' } : { kind: 'invalid' };
    default:
      return { kind: 'invalid' };
  }
}
