import { z } from 'zod';
import { saved } from '../responses.js';
import { ID_MAX, idField, integerField, VALIDATION_KEYS } from './common.js';
import { participantLifeInput, participantLifeSchema, participantNameField } from './family.js';

/** Longest category, tag or participant name, and longest site-translation key or value. */
export const ORGANISATION_LIMITS = {
  nameMaxLength: 200,
  translationKeyMaxLength: 255,
  translationValueMaxLength: 5_000,
  participantSearchMaxLength: 200,
  /** Missing-key reports (POST /api/site-translations) a user may send per minute. */
  translationReportsPerMinute: 120,
} as const;

const translatedText = z.string().trim().max(ORGANISATION_LIMITS.nameMaxLength);

/**
 * A name per interface language, as stored and returned: `{fr, en, it, de}`, each a string or
 * null when that language has no name yet.
 */
export const translatedNameSchema = z.object({
  fr: z.string().nullable(),
  en: z.string().nullable(),
  it: z.string().nullable(),
  de: z.string().nullable(),
});
export type TranslatedName = z.infer<typeof translatedNameSchema>;

/**
 * A name as a client sends it: either an object of languages (absent keys unchanged on PATCH, an
 * empty string or null clears that language) or a plain string, taken as the name in the
 * request's language.
 */
export const translatedNameInput = z.union([
  translatedText,
  z
    .object({
      fr: translatedText.nullable().optional(),
      en: translatedText.nullable().optional(),
      it: translatedText.nullable().optional(),
      de: translatedText.nullable().optional(),
    })
    .strict(),
]);
export type TranslatedNameInput = z.infer<typeof translatedNameInput>;

// In a module without zod: pages that only show names (the archive list) do not load the schemas.
export { displayName } from './display-name.js';

/* Categories -------------------------------------------------------------------------------- */

export const categorySchema = z.object({
  id: z.number().int(),
  name: translatedNameSchema,
  parent_id: z.number().int().nullable(),
  order: z.number().int(),
  /** Non-deleted items in the category and all its descendants. */
  count: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;

const parentId = idField.nullable();
/** Stored in a 32-bit column; past the last sibling means the end. */
const siblingOrder = integerField(0, ID_MAX);

export const categoryCreateBody = z.object({
  name: translatedNameInput,
  parent_id: parentId.optional(),
  /** Position among its siblings, from 0; the end when absent. */
  order: siblingOrder.optional(),
});
export type CategoryCreateBody = z.infer<typeof categoryCreateBody>;

/** Renames, moves (parent_id) and reorders (order) in one call; absent fields are unchanged. */
export const categoryUpdateBody = z.object({
  name: translatedNameInput.optional(),
  parent_id: parentId.optional(),
  order: siblingOrder.optional(),
});
export type CategoryUpdateBody = z.infer<typeof categoryUpdateBody>;

/* Tags -------------------------------------------------------------------------------------- */

export const tagSchema = z
  .object({
    id: z.number().int(),
    name: translatedNameSchema,
    count: z.number().int(),
  })
  .meta({
    examples: [
      { id: 3, name: { fr: 'Vacances', en: 'Holidays', it: null, de: 'Urlaub' }, count: 42 },
    ],
  });
export type Tag = z.infer<typeof tagSchema>;

export const tagCreateBody = z.object({ name: translatedNameInput });
export type TagCreateBody = z.infer<typeof tagCreateBody>;
export const tagUpdateBody = z.object({ name: translatedNameInput });
export type TagUpdateBody = z.infer<typeof tagUpdateBody>;

/* Participants ------------------------------------------------------------------------------ */

export const participantSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    /** Items the participant is linked to (as sender or recipient), deleted ones excluded. */
    count: z.number().int(),
  })
  .meta({ examples: [{ id: 7, name: 'Nonna Lucia', count: 128 }] });
export type Participant = z.infer<typeof participantSchema>;

/**
 * One participant (`GET /api/participants/{id}`, and the answers of writes to one): with their
 * life, which the list leaves out.
 */
export const participantDetailSchema = participantSchema.extend({ life: participantLifeSchema });
export type ParticipantDetail = z.infer<typeof participantDetailSchema>;

const participantName = participantNameField;

export const participantsQuery = z.object({
  search: z.string().max(ORGANISATION_LIMITS.participantSearchMaxLength).optional(),
});
export const participantCreateBody = z.object({ name: participantName });
export type ParticipantCreateBody = z.infer<typeof participantCreateBody>;
/** A rename, a change of their life, or both (absent fields unchanged). */
export const participantUpdateBody = z
  .object({ name: participantName.optional() })
  .extend(participantLifeInput.shape)
  .strict();
export type ParticipantUpdateBody = z.infer<typeof participantUpdateBody>;

export const participantMergeBody = z
  .object({
    participants: z.array(idField).min(2).max(500),
    participantToKeep: idField,
  })
  .refine((body) => body.participants.includes(body.participantToKeep), {
    path: ['participantToKeep'],
    message: VALIDATION_KEYS.keepAmongMerged,
  });
export type ParticipantMergeBody = z.infer<typeof participantMergeBody>;

export const participantDivideBody = z.object({ name1: participantName, name2: participantName });
export type ParticipantDivideBody = z.infer<typeof participantDivideBody>;

/* Site translations ------------------------------------------------------------------------- */

export const siteTranslationSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  /** The value per interface language; an empty string is a missing translation. */
  text: z.object({ fr: z.string(), en: z.string(), it: z.string(), de: z.string() }),
});
export type SiteTranslation = z.infer<typeof siteTranslationSchema>;

/** i18next keys look like `namespace:path.to.key`. */
export const translationKey = z
  .string()
  .trim()
  .min(1)
  .max(ORGANISATION_LIMITS.translationKeyMaxLength)
  .regex(/^[A-Za-z0-9_.:-]+$/, { message: VALIDATION_KEYS.translationKey });

export const siteTranslationCreateBody = z.object({ key: translationKey });
export type SiteTranslationCreateBody = z.infer<typeof siteTranslationCreateBody>;

const translationValue = z.string().max(ORGANISATION_LIMITS.translationValueMaxLength);
export const siteTranslationUpdateBody = z.object({
  text: z
    .object({
      fr: translationValue.optional(),
      en: translationValue.optional(),
      it: translationValue.optional(),
      de: translationValue.optional(),
    })
    .strict(),
});
export type SiteTranslationUpdateBody = z.infer<typeof siteTranslationUpdateBody>;

/* Write responses (lists and single GETs return the plain objects above; deletes `{message}`). */

export const categorySavedSchema = saved('category', categorySchema);
export type CategorySaved = z.infer<typeof categorySavedSchema>;
export const tagSavedSchema = saved('tag', tagSchema);
export type TagSaved = z.infer<typeof tagSavedSchema>;
/** Create, rename and merge (the kept participant, with its new count). */
export const participantSavedSchema = saved('participant', participantDetailSchema);
export type ParticipantSaved = z.infer<typeof participantSavedSchema>;
/** Divide: the original renamed to name1, then the new participant named name2. */
export const participantsDividedSchema = saved(
  'participants',
  z.tuple([participantSchema, participantSchema]),
);
export type ParticipantsDivided = z.infer<typeof participantsDividedSchema>;
export const siteTranslationSavedSchema = saved('translation', siteTranslationSchema);
export type SiteTranslationSaved = z.infer<typeof siteTranslationSavedSchema>;
