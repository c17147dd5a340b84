import type { ImportOptions } from '@kinfolio/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { FieldValidationError } from '../../http/errors.js';
import type { MessageKey } from '../../i18n/translate.js';

/** Whether `zone` is an IANA time zone this runtime knows (`Europe/Paris`, `UTC`). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Checks what the schema cannot: a time zone that exists, and participants (chosen for people
 * of the source) that exist. A refusal names its fields (422), nothing is stored.
 */
export async function checkImportOptions(
  db: Kysely<Database>,
  options: Pick<ImportOptions, 'people' | 'time_zone'>,
): Promise<void> {
  const fields: Record<string, MessageKey[]> = {};
  if (options.time_zone !== undefined && !isTimeZone(options.time_zone)) {
    fields.time_zone = ['imports.bad_time_zone'];
  }
  const chosen = [
    ...new Set(Object.values(options.people).filter((id): id is number => id !== null)),
  ];
  if (chosen.length) {
    const known = new Set(
      (await db.selectFrom('participants').select('id').where('id', 'in', chosen).execute()).map(
        (row) => row.id,
      ),
    );
    if (chosen.some((id) => !known.has(id))) fields.people = ['imports.unknown_participant'];
  }
  if (Object.keys(fields).length) throw new FieldValidationError(fields, 'validation.failed');
}
