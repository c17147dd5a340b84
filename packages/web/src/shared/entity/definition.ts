import type { Permission, ShareTargetType } from '@kinfolio/contract';
import type { EntityDiff } from './diff';
import type { EntityBase, EntityResource } from './resource';

/** What the profile and history screens read of an entry. */
export interface ProfileEntity extends EntityBase {
  title: string;
  deleted_at: string | null;
  revisions_count: number;
  created_at: string;
  /** Who created it, where the kind's answer says so. */
  created_by_name?: string | null;
}

/** What they read of a stored version. */
export interface StoredRevision<Data> {
  id: number;
  created_at: string;
  user: { id: number | null; name: string };
  data: Data;
}

/**
 * A kind of entries (items of one type, records) as its screens see it: where they live, who may
 * edit, its wording, its queries and writes, and how its versions compare. The profile, form and
 * history screens are the same for every kind; a kind plugs its own fields into them.
 */
export interface EntityDefinition<
  Entity extends ProfileEntity,
  Data,
  Revision extends StoredRevision<Data>,
> {
  /** The kind's wording namespace (`profile.*` texts); what all kinds share is `archive`'s. */
  namespace: 'archive' | 'records';
  /** Keys (in `namespace`) of the few texts worded differently per kind. */
  keys: {
    /** The list's name, on the profile's back link. */
    list: string;
    /** Said to a user who may not create. */
    noPermission: string;
  };
  editPermission: Permission;
  /** What a share link of an entry names it (its base, `posts`, `records`…). */
  shareType: ShareTargetType;
  listPath: string;
  profilePath: (id: number) => string;
  historyPath: (id: number) => string;
  /** The entry's content language (titles are marked with it). */
  language: (entity: Entity) => string;
  /** Its queries and writes (the profile and history use these; forms save through `useSave`). */
  resource: Pick<
    EntityResource<Entity, unknown, object, Data, Revision>,
    'queries' | 'useTrash' | 'useRestoreVersion'
  >;
  diff: (old: Data, current: Entity) => EntityDiff;
  /** The history's labels and shown values of the fields `diff` names. */
  useFieldWords: () => FieldWords<Entity, Revision>;
}

export interface FieldWords<Entity, Revision> {
  label: (field: string) => string;
  /** A field's value before (in the stored version) or now, as words. */
  value: (field: string, side: 'old' | 'new', revision: Revision, entity: Entity) => string;
}
