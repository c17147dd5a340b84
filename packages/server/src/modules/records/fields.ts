import { recordRevisionDataSchema, type RecordRevisionData } from '@kinfolio/contract';

/**
 * A record's own fields: what its revisions keep, but its people (a link, not a column) and its
 * place (a row of its own, see modules/places).
 */
export type RecordField = Exclude<keyof RecordRevisionData, 'people' | 'place'>;

/**
 * The record's own fields, in the contract's order, taken from the contract's revision data:
 * the one list behind the columns read, a revision's snapshot, the changes of a PATCH and what
 * is presented. A new field is declared in the contract and given a column (a migration); the
 * module follows.
 */
export const RECORD_FIELDS = Object.keys(recordRevisionDataSchema.shape).filter(
  (key): key is RecordField => key !== 'people' && key !== 'place',
);

/** What a list row shows of them: all but the transcript, which only the whole record has. */
export const LISTED_FIELDS = RECORD_FIELDS.filter(
  (field): field is Exclude<RecordField, 'rawtranscription'> => field !== 'rawtranscription',
);

/** These fields of a row, in their order. */
export function pickFields<F extends RecordField>(
  row: Pick<RecordRevisionData, F>,
  fields: readonly F[],
): Pick<RecordRevisionData, F> {
  return Object.fromEntries(fields.map((field) => [field, row[field]])) as Pick<
    RecordRevisionData,
    F
  >;
}
