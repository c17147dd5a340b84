import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { idField, integerField, paginated, withoutNul } from './common.js';
import { ITEM_LIMITS } from './item-constants.js';
import { placeInput, placeSchema, placeValueSchema } from './places.js';

/**
 * The family tree: participants gain lives (names, birth, death, sex, biography, portrait) and
 * relations (parenthood, partnership); siblings are derived from shared parents.
 */
export const FAMILY_LIMITS = {
  namePartMaxLength: 200,
  biographyMaxLength: 20_000,
  /** A date phrase kept as written when it reads as no date ("Easter 1920", "(unknown)"). */
  datePhraseMaxLength: 200,
  /** Generations `GET /api/gedcom` follows from a person (ancestors or descendants). */
  gedcomGenerationsMax: 50,
  /** A participant's whole name (the other names' limit, `ORGANISATION_LIMITS.nameMaxLength`). */
  personNameMaxLength: 200,
  /** Faces, and pictures, `GET /api/participants/{id}/portraits` offers (the largest, newest). */
  portraitChoicesMax: 60,
} as const;

/** A participant's whole name, as created or renamed (unique among participants, any case). */
export const participantNameField = z.string().trim().min(1).max(FAMILY_LIMITS.personNameMaxLength);

/** Message keys the server localises for refused relations and dates. */
export const FAMILY_KEYS = {
  /** The relation would make someone their own ancestor. */
  cycle: 'family.cycle',
  /** These two people are already related this way. */
  duplicate: 'family.duplicate',
  /** A person cannot be related to themselves. */
  self: 'family.self',
  /** A child already has two birth parents. */
  tooManyParents: 'family.too_many_parents',
  /** A date that does not exist (31 February) or a range that ends before it starts. */
  date: 'family.date_invalid',
  /** `between` needs an end; the others take none. */
  dateRange: 'family.date_range',
  /** A parent's kind (birth, adopted…) on a partnership, or a partnership's on a parent. */
  kind: 'family.kind_invalid',
  /** The portrait is not a face named as this participant, nor a picture. */
  portrait: 'family.portrait_invalid',
  /** A place on a parenthood: only a partnership (the marriage) has one. */
  placeOnParent: 'family.place_parent',
  /** A relation's other person is neither an existing participant nor a new one: exactly one. */
  relative: 'family.relative_required',
} as const;

/**
 * How sure a date is, as GEDCOM says it: `exact` (the day, month or year given), `about`,
 * `estimated`, `calculated`, `before`, `after`, `between` (start and end, "between 1920 and
 * 1922"), or `phrase` (no date, only the words kept).
 */
export const LIFE_DATE_QUALIFIERS = [
  'exact',
  'about',
  'estimated',
  'calculated',
  'before',
  'after',
  'between',
  'phrase',
] as const;
export type LifeDateQualifier = (typeof LIFE_DATE_QUALIFIERS)[number];

/** A day as far as it is known: a year, a month of it, a day of that month. */
export const partialDateSchema = z
  .object({
    year: z.int().min(1).max(9999),
    month: z.int().min(1).max(12).optional(),
    day: z.int().min(1).max(31).optional(),
  })
  .strict()
  .refine((date) => date.day === undefined || date.month !== undefined, {
    message: FAMILY_KEYS.date,
    path: ['day'],
  })
  .refine(
    (date) =>
      date.day === undefined ||
      date.month === undefined ||
      date.day <= new Date(Date.UTC(date.year, date.month, 0)).getUTCDate(),
    { message: FAMILY_KEYS.date, path: ['day'] },
  );
export type PartialDate = z.infer<typeof partialDateSchema>;

/** Orders partial dates: a missing month or day counts as the earliest. */
export function partialDateKey(date: PartialDate): number {
  return date.year * 10_000 + (date.month ?? 0) * 100 + (date.day ?? 0);
}

/**
 * A date of a life (birth, death, marriage…): "1925", "about 1948", "between 1920 and 1922",
 * "12 March 1931". `phrase` keeps words that are not a date (and, for other qualifiers, the words
 * a source wrote beside the date, given back on export).
 */
export const lifeDateSchema = z
  .object({
    qualifier: z.enum(LIFE_DATE_QUALIFIERS).default('exact'),
    start: partialDateSchema.optional(),
    end: partialDateSchema.optional(),
    phrase: z.string().trim().max(FAMILY_LIMITS.datePhraseMaxLength).refine(withoutNul).optional(),
  })
  .strict()
  .refine(
    (date) =>
      date.qualifier === 'phrase'
        ? date.phrase !== undefined && date.phrase !== '' && !date.start && !date.end
        : date.start !== undefined && (date.qualifier === 'between') === (date.end !== undefined),
    { message: FAMILY_KEYS.dateRange, path: ['qualifier'] },
  )
  .refine(
    (date) => !date.start || !date.end || partialDateKey(date.end) >= partialDateKey(date.start),
    { message: FAMILY_KEYS.date, path: ['end'] },
  );
export type LifeDate = z.infer<typeof lifeDateSchema>;

/** Sex as GEDCOM records it: male, female, other (`X`), unknown. */
export const SEXES = ['male', 'female', 'other', 'unknown'] as const;
export type Sex = (typeof SEXES)[number];

/** A birth or a death: when and where, either may be missing. */
export const lifeEventSchema = z.object({
  date: lifeDateSchema.nullable(),
  place: placeSchema.nullable(),
});
export type LifeEvent = z.infer<typeof lifeEventSchema>;

/** How an event is sent: absent unchanged, null clears the whole event. */
export const lifeEventInput = z
  .object({
    date: lifeDateSchema.nullable().optional(),
    place: placeInput.nullable().optional(),
  })
  .strict()
  .nullable()
  .optional();

/** The event as kept in a revision (no derived country). */
export const lifeEventValueSchema = z.object({
  date: lifeDateSchema.nullable(),
  place: placeValueSchema.nullable(),
});

/**
 * A participant's portrait: a face named as them (the faces issue) or a whole picture, by file;
 * `box` (0–1) crops the picture to the face.
 */
export const portraitSchema = z.object({
  file_id: z.number().int(),
  face_id: z.number().int().nullable(),
  box: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }).nullable(),
  thumbnail_url: z.string(),
});
export type Portrait = z.infer<typeof portraitSchema>;

const namePart = z.string().trim().max(FAMILY_LIMITS.namePartMaxLength).refine(withoutNul);

/**
 * A participant's life, on `GET /api/participants/{id}` (and its family's people). Every field may
 * be empty: most participants of a mailbox are only a name.
 */
export const participantLifeSchema = z.object({
  given_names: z.string().nullable(),
  surname: z.string().nullable(),
  sex: z.enum(SEXES).nullable(),
  birth: lifeEventSchema.nullable(),
  death: lifeEventSchema.nullable(),
  biography: z.string().nullable(),
  portrait: portraitSchema.nullable(),
});
export type ParticipantLife = z.infer<typeof participantLifeSchema>;

/**
 * The life fields of `PATCH /api/participants/{id}` (with or without `name`): absent unchanged,
 * null clears. `portrait` takes a face id (`face_id`) or a picture's file id (`file_id`).
 */
export const participantLifeInput = z.object({
  given_names: namePart.nullable().optional(),
  surname: namePart.nullable().optional(),
  sex: z.enum(SEXES).nullable().optional(),
  birth: lifeEventInput,
  death: lifeEventInput,
  biography: z
    .string()
    .max(FAMILY_LIMITS.biographyMaxLength)
    .refine(withoutNul)
    .nullable()
    .optional(),
  portrait: z
    .union([z.object({ face_id: idField }).strict(), z.object({ file_id: idField }).strict()])
    .nullable()
    .optional(),
});
export type ParticipantLifeInput = z.infer<typeof participantLifeInput>;

/* Relations ------------------------------------------------------------------------------------ */

/** `parent`: person1 is a parent of person2. `spouse`: person1 and person2 are partners. */
export const RELATION_TYPES = ['parent', 'spouse'] as const;
export type RelationType = (typeof RELATION_TYPES)[number];

/** How a parent is one: by birth, adoption, fostering or as a step-parent. */
export const PARENT_KINDS = ['birth', 'adopted', 'foster', 'step'] as const;
/** How two people are partners: married, or partners without marriage. */
export const SPOUSE_KINDS = ['married', 'partners'] as const;
export const RELATION_KINDS = [...PARENT_KINDS, ...SPOUSE_KINDS] as const;
export type RelationKind = (typeof RELATION_KINDS)[number];

/** What `POST /api/participants/{id}/relations` adds: who `participant_id` is to `{id}`. */
export const RELATION_ROLES = ['parent', 'child', 'spouse'] as const;
export type RelationRole = (typeof RELATION_ROLES)[number];

/**
 * A relation: for `parent`, `start` and `end` are the adoption's dates when there is one; for
 * `spouse`, the marriage (or union) and the separation (`end`: divorce, separation).
 */
export const relationSchema = z.object({
  id: z.number().int(),
  type: z.enum(RELATION_TYPES),
  person1_id: z.number().int(),
  person2_id: z.number().int(),
  kind: z.enum(RELATION_KINDS),
  start: lifeDateSchema.nullable(),
  end: lifeDateSchema.nullable(),
  /** Where the marriage took place; null for parenthood. */
  place: placeSchema.nullable(),
});
export type Relation = z.infer<typeof relationSchema>;

const relationDetails = {
  /** Defaults: `birth` for parents and children, `married` for a spouse. */
  kind: z.enum(RELATION_KINDS).optional(),
  start: lifeDateSchema.nullable().optional(),
  end: lifeDateSchema.nullable().optional(),
  place: placeInput.nullable().optional(),
};

/** A new person made together with their relation: a name, and their life if known. */
export const newRelativeInput = participantLifeInput
  .extend({ name: participantNameField })
  .strict();
export type NewRelativeInput = z.infer<typeof newRelativeInput>;

/**
 * Who `{id}` gains as `type`: an existing participant (`participant_id`) or a new one (`person`),
 * made in the same transaction as the relation, so that a refused relation leaves no one behind.
 */
export const relationCreateBody = z
  .object({
    type: z.enum(RELATION_ROLES),
    participant_id: idField.optional(),
    person: newRelativeInput.optional(),
    ...relationDetails,
  })
  .strict()
  .refine((body) => (body.participant_id === undefined) !== (body.person === undefined), {
    message: FAMILY_KEYS.relative,
    path: ['participant_id'],
  });
export type RelationCreateBody = z.infer<typeof relationCreateBody>;

export const relationUpdateBody = z.object(relationDetails).strict();
export type RelationUpdateBody = z.infer<typeof relationUpdateBody>;

/** A relative as the family lists them: the person, and the relation that ties them. */
export const relativeSchema = z.object({
  person: z.object({
    id: z.number().int(),
    name: z.string(),
    count: z.number().int(),
    life: participantLifeSchema,
  }),
  /** The relation (for siblings: null, they are derived). */
  relation: relationSchema.nullable(),
});
export type Relative = z.infer<typeof relativeSchema>;

/** A sibling: the parents they share (one shared parent: a half-sibling). */
export const siblingSchema = relativeSchema.extend({
  shared_parent_ids: z.array(z.number().int()),
  half: z.boolean(),
});
export type Sibling = z.infer<typeof siblingSchema>;

/** `GET /api/participants/{id}/family`: `spouses` is `partners` again, under GEDCOM's word. */
export const familySchema = z.object({
  parents: z.array(relativeSchema),
  partners: z.array(relativeSchema),
  spouses: z.array(relativeSchema),
  children: z.array(relativeSchema),
  siblings: z.array(siblingSchema),
});
export type Family = z.infer<typeof familySchema>;

export const relationSavedSchema = z.object({ message: z.string(), relation: relationSchema });
export type RelationSaved = z.infer<typeof relationSavedSchema>;

/** `POST /api/participants/{id}/relations`: the relation, and the relative (new or not). */
export const relationCreatedSchema = relationSavedSchema.extend({
  relative: z.object({ id: z.number().int(), name: z.string(), created: z.boolean() }),
});
export type RelationCreated = z.infer<typeof relationCreatedSchema>;

/* Portraits ------------------------------------------------------------------------------------ */

/**
 * `GET /api/participants/{id}/portraits`: what their portrait may be. `faces`: faces named as
 * them on live pictures, the largest first (`PATCH /api/participants/{id}` with
 * `portrait: {face_id}`); `pictures`: live pictures they are in (linked to the item, or a face of
 * theirs on it), the newest first (`portrait: {file_id}`). At most `portraitChoicesMax` of each.
 */
export const portraitChoicesSchema = z.object({
  faces: z.array(
    z.object({
      id: z.number().int(),
      file_id: z.number().int(),
      item_id: z.number().int(),
      crop_url: z.string(),
    }),
  ),
  pictures: z.array(
    z.object({
      file_id: z.number().int(),
      item_id: z.number().int(),
      title: z.string(),
      thumbnail_url: z.string(),
    }),
  ),
});
export type PortraitChoices = z.infer<typeof portraitChoicesSchema>;

/* The tree and GEDCOM -------------------------------------------------------------------------- */

/**
 * `GET /api/family-tree?participant=ID&generations=N`: the people and relations around a person
 * (ancestors and descendants up to N generations, with their partners and siblings), as one
 * graph for the tree page; without `participant`, everyone.
 */
export const familyTreeQuery = z.object({
  participant: idField.optional(),
  generations: z
    .preprocess(
      (value) => (typeof value === 'string' && /^\d{1,3}$/.test(value) ? Number(value) : value),
      z.int().min(1).max(FAMILY_LIMITS.gedcomGenerationsMax),
    )
    .optional(),
});

export const familyTreeSchema = z.object({
  people: z.array(relativeSchema.shape.person),
  relations: z.array(relationSchema),
});
export type FamilyTree = z.infer<typeof familyTreeSchema>;

/**
 * `GET /api/gedcom`: everyone (no query), or a person's `ancestors`, `descendants` or both
 * (`family`), as a GEDCOM 5.5.1 file in UTF-8.
 */
export const gedcomQuery = z.object({
  participant: idField.optional(),
  scope: z.enum(['all', 'ancestors', 'descendants', 'family']).default('all'),
  generations: familyTreeQuery.shape.generations,
});

/* The family's history ------------------------------------------------------------------------- */

/** What a revision of the family records: a life changed, a relation added, changed or removed. */
export const FAMILY_REVISION_ACTIONS = [
  'life',
  'relation.create',
  'relation.update',
  'relation.delete',
] as const;

/**
 * `GET /api/participants/{id}/revisions`: the changes to a person's life and relations, newest
 * first; `before` and `after` are the life or the relation as they were (null for a creation or a
 * deletion).
 */
export const familyRevisionSchema = z.object({
  id: z.number().int(),
  action: z.enum(FAMILY_REVISION_ACTIONS),
  participant_id: z.number().int(),
  /** A relation's other person (null once they are gone, or for a life). */
  related: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  relation_id: z.number().int().nullable(),
  user: z.string(),
  created_at: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type FamilyRevision = z.infer<typeof familyRevisionSchema>;

export const familyRevisionPageSchema = paginated(familyRevisionSchema);

export const familyRevisionsQuery = z.object({
  page: integerField(1, ITEM_LIMITS.maxPage).default(1),
  per_page: integerField(1, LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
});
