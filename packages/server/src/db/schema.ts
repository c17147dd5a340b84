import type { Generated } from 'kysely';

/** Booleans are stored as 0/1 integers so one set of queries serves SQLite and PostgreSQL. */
export type Flag = 0 | 1;

export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  password_hash: string;
  email_verified_at: string | null;
  /** JSON array of permission names. */
  permissions: string;
  /** JSON object, see contract siteparamsSchema. */
  siteparams: string;
  /** JSON object, see contract themecolorsSchema. */
  themecolors: string;
  active: Flag;
  last_login_at: string | null;
  /** The profile picture's version (modules/user-pictures), null without one. */
  picture: Generated<string | null>;
  /** The site picture's version, null without one. */
  site_picture: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

/** An account at a social login provider linked to a user (migration 0016). */
export interface UserIdentitiesTable {
  id: Generated<number>;
  user_id: number;
  provider: string;
  /** The provider's stable id of the account (OIDC `sub`, GitHub's numeric id). */
  subject: string;
  email: string;
  created_at: string;
  last_used_at: string | null;
}

export interface SessionsTable {
  /** sha256 of the cookie token: a stolen database does not yield live cookies. */
  id: string;
  user_id: number;
  remember: Flag;
  ip: string | null;
  user_agent: string | null;
  created_at: string;
  last_activity_at: string;
  expires_at: string;
}

export interface PasswordResetTokensTable {
  email: string;
  token_hash: string;
  created_at: string;
}

/** A mailed one-time sign-in link (migration 0034): the token's hash only. */
export interface LoginLinksTable {
  token_hash: string;
  user_id: number;
  email: string;
  created_at: string;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface ItemsTable {
  id: Generated<number>;
  /** One of the contract's ITEM_TYPES (constrained since 0017_item_types). */
  type: string;
  title: string;
  content: string;
  date: string | null;
  language: string;
  original_language: string | null;
  /** The original this item translates, null for an original. */
  parent_id: number | null;
  status: string;
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
  /** The content without markup, entities decoded (search, snippets). */
  plain: Generated<string>;
  /** The texts read from its scans (migration 0040, kept by triggers): searched, never shown. */
  scan_text: Generated<string>;
  /** The first 150 characters of `plain`. */
  preview: Generated<string>;
  /** Stored revisions, kept by the items service (lists of revised items). */
  revisions_count: Generated<number>;
  /** JSON of the contract's ItemFields: the type's own fields, checked on write. */
  fields: Generated<string>;
  /** Who created the item (null: before 0017, or the demo seed). */
  created_by: Generated<number | null>;
  created_by_name: Generated<string | null>;
  /** Where it happened (0041), its position copied from the place for the map. */
  place_id: Generated<number | null>;
  latitude: Generated<number | null>;
  longitude: Generated<number | null>;
}

/**
 * PostgreSQL only (0029_search_ranges): what a search reads of each live item, kept by triggers
 * on `items`, partitioned by id ranges. Vectors are read in SQL only.
 */
export interface ItemSearchTable {
  id: number;
  type: string;
  language: string;
  parent_id: number | null;
  date: string | null;
}

export interface ItemRevisionsTable {
  id: Generated<number>;
  item_id: number;
  user_id: number | null;
  user_name: string;
  /** JSON of the contract's RevisionData. */
  data: string;
  created_at: string;
}

/** Columns of a name per interface language (categories, tags). */
export interface TranslatedNameColumns {
  name_fr: string | null;
  name_en: string | null;
  name_it: string | null;
  name_de: string | null;
}

export interface CategoriesTable extends TranslatedNameColumns {
  id: Generated<number>;
  parent_id: number | null;
  /** The contract's `order`: dense 0..n-1 among siblings. */
  position: number;
  created_at: string;
  updated_at: string;
}

export interface TagsTable extends TranslatedNameColumns {
  id: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface ParticipantsTable {
  id: Generated<number>;
  name: string;
  name_lower: string;
  search_key: string;
  created_at: string;
  updated_at: string;
  /** A life (migration 0042, modules/family); every part may be empty. */
  given_names: Generated<string | null>;
  surname: Generated<string | null>;
  sex: Generated<string | null>;
  /** JSON of the contract's LifeDate. */
  birth_date: Generated<string | null>;
  /** The date's start as YYYYMMDD, unknown parts 0 (partialDateKey): sorts and matches. */
  birth_sort: Generated<number | null>;
  birth_place_name: Generated<string | null>;
  birth_place_lat: Generated<number | null>;
  birth_place_lon: Generated<number | null>;
  birth_place_country: Generated<string | null>;
  death_date: Generated<string | null>;
  death_sort: Generated<number | null>;
  death_place_name: Generated<string | null>;
  death_place_lat: Generated<number | null>;
  death_place_lon: Generated<number | null>;
  death_place_country: Generated<string | null>;
  biography: Generated<string | null>;
  portrait_face_id: Generated<number | null>;
  portrait_file_id: Generated<number | null>;
  /** JSON a GEDCOM import keeps for the export (sources, unknown tags). */
  gedcom_extra: Generated<string | null>;
}

/** Parenthood and partnership (migration 0042, modules/family). */
export interface ParticipantRelationsTable {
  id: Generated<number>;
  /** parent (person1 is person2's parent) | spouse (person1_id < person2_id) */
  type: string;
  person1_id: number;
  person2_id: number;
  kind: string;
  /** JSON of the contract's LifeDate. */
  start_date: string | null;
  end_date: string | null;
  place_name: string | null;
  place_lat: number | null;
  place_lon: number | null;
  place_country: string | null;
  gedcom_extra: string | null;
  created_at: string;
  updated_at: string;
}

/** Changes to lives and relations (migration 0042): what they replaced and brought. */
export interface FamilyRevisionsTable {
  id: Generated<number>;
  participant_id: number;
  related_id: number | null;
  relation_id: number | null;
  /** life | relation.create | relation.update | relation.delete */
  action: string;
  user_id: number | null;
  user_name: string;
  before: string | null;
  after: string | null;
  created_at: string;
}

export interface ItemParticipantsTable {
  item_id: number;
  participant_id: number;
  /** from | to */
  role: string;
  /** Copies of the item's type, date and trash state (kept by triggers: 0011_link_scopes). */
  item_type: Generated<string | null>;
  item_date: Generated<string | null>;
  item_live: Generated<number>;
}

export interface ItemTagsTable {
  item_id: number;
  tag_id: number;
  /** Copies of the item's type, date and trash state (kept by triggers: 0011_link_scopes). */
  item_type: Generated<string | null>;
  item_date: Generated<string | null>;
  item_live: Generated<number>;
}

export interface ItemCategoriesTable {
  item_id: number;
  category_id: number;
  /** Copies of the item's type, date and trash state (kept by triggers: 0011_link_scopes). */
  item_type: Generated<string | null>;
  item_date: Generated<string | null>;
  item_live: Generated<number>;
}

/** The closure of the category tree: each category with itself and each ancestor (0023). */
export interface CategoryAncestorsTable {
  category_id: number;
  ancestor_id: number;
}

/**
 * One row per (category, item linked to it or to a descendant), with the item's type, date and
 * trash state: derived by triggers from categories and item_categories (0023_category_scopes).
 */
export interface ItemCategoryScopesTable {
  item_id: number;
  category_id: number;
  item_type: Generated<string | null>;
  item_date: Generated<string | null>;
  item_live: Generated<number>;
}

/**
 * Live items per (type, language, month of the date, '' without one): derived by triggers from
 * items (0025_list_months), read for list totals and to start a deep page's walk at its month.
 */
export interface ItemListMonthsTable {
  item_type: string;
  language: string;
  month: string;
  n: number;
}

export interface SiteTranslationsTable {
  id: Generated<number>;
  key: string;
  fr: string;
  en: string;
  it: string;
  de: string;
  created_at: string;
  updated_at: string;
}

export interface FilesTable {
  id: Generated<number>;
  /** Null while a FilePond upload waits to be attached. */
  item_id: number | null;
  /** The FilePond server id of the upload (opaque, random). */
  upload_token: string | null;
  /** The uploader's file name. */
  name: string;
  mime: string;
  size: number;
  storage_key: string;
  /** WebP preview of an image the server could decode (made by the `files.thumbnail` job). */
  thumb_key: string | null;
  sha256: string;
  width: number | null;
  height: number | null;
  created_by: number | null;
  created_at: string;
  attached_at: string | null;
  /** The record it belongs to (migration 0013); never set together with `item_id`. */
  record_id: Generated<number | null>;
  /** Its place among the record's audio parts, from 0 (null for items' files). */
  position: Generated<number | null>;
  /**
   * Set when the file went to the deleted medias (migration 0019): detached from its owner, kept
   * with its bytes until restored or purged. Null for live files and temporary uploads.
   */
  deleted_at: Generated<string | null>;
  deleted_by: Generated<number | null>;
  /** Where a deleted media came from: `item` or `record`, its id, item type (or `record`), title. */
  origin_kind: Generated<'item' | 'record' | null>;
  origin_id: Generated<number | null>;
  origin_type: Generated<string | null>;
  origin_title: Generated<string | null>;
  /** A photo's day of capture, `YYYY-MM-DD` (EXIF), read at upload (migration 0022). */
  taken_on: Generated<string | null>;
  /** Where a photo was taken (EXIF GPS, degrees). */
  latitude: Generated<number | null>;
  longitude: Generated<number | null>;
  /** 1 once the metadata above was looked for; 0 for rows the backfill job has not read yet. */
  metadata_read: Generated<number>;
  /**
   * 1 while an image waits for the `files.thumbnail` job (migration 0031); 0 once it ran (with a
   * thumbnail or, for an image sharp cannot read, without) and for every other file.
   */
  thumb_pending: Generated<number>;
}

/** An audio record (migration 0013). */
export interface RecordsTable {
  id: Generated<number>;
  number: string;
  face: string;
  lang: string;
  owner: string;
  registration_date: string | null;
  summary: string;
  rawtranscription: string;
  title: string;
  info: string;
  location: string;
  /** The first 150 characters of the summary, else of the transcript. */
  preview: string;
  revisions_count: Generated<number>;
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
  /** Where it was recorded (0041), its position copied from the place for the map. */
  place_id: Generated<number | null>;
  latitude: Generated<number | null>;
  longitude: Generated<number | null>;
}

/** Participants heard in a record. */
export interface RecordPeopleTable {
  record_id: number;
  participant_id: number;
}

export interface RecordRevisionsTable {
  id: Generated<number>;
  record_id: number;
  user_id: number | null;
  user_name: string;
  /** JSON of the contract's RecordRevisionData: the version replaced by the change. */
  data: string;
  created_at: string;
}

/** Failed-login counters (auth/throttle.ts); not stamped, no cached route reads them. */
export interface LoginThrottleTable {
  key: string;
  hits: number;
  /** Milliseconds since the epoch at which the counter's window ends. */
  expires_at: number;
}

/** A pending invitation of the account `user_id` (migration 0010). */
export interface InvitationsTable {
  user_id: number;
  /** sha256 of the link's token. */
  token_hash: string;
  invited_by: number | null;
  created_at: string;
  expires_at: string;
}

export interface Database {
  users: UsersTable;
  user_identities: UserIdentitiesTable;
  sessions: SessionsTable;
  password_reset_tokens: PasswordResetTokensTable;
  login_links: LoginLinksTable;
  settings: SettingsTable;
  items: ItemsTable;
  item_search: ItemSearchTable;
  categories: CategoriesTable;
  tags: TagsTable;
  participants: ParticipantsTable;
  item_participants: ItemParticipantsTable;
  item_tags: ItemTagsTable;
  item_categories: ItemCategoriesTable;
  category_ancestors: CategoryAncestorsTable;
  item_category_scopes: ItemCategoryScopesTable;
  item_list_months: ItemListMonthsTable;
  item_revisions: ItemRevisionsTable;
  site_translations: SiteTranslationsTable;
  files: FilesTable;
  records: RecordsTable;
  record_people: RecordPeopleTable;
  record_revisions: RecordRevisionsTable;
  login_throttle: LoginThrottleTable;
  invitations: InvitationsTable;
  jobs: JobsTable;
  failed_jobs: FailedJobsTable;
  job_schedules: JobSchedulesTable;
  backups: BackupsTable;
  places: PlacesTable;
  place_cells: PlaceCellsTable;
  participant_relations: ParticipantRelationsTable;
  family_revisions: FamilyRevisionsTable;
}

/** A place items and records point to (migration 0041, modules/places). */
export interface PlacesTable {
  id: Generated<number>;
  name: string;
  name_folded: string;
  latitude: number | null;
  longitude: number | null;
  /** ISO 3166-1 alpha-2, derived from the position; null without one or at sea. */
  country: string | null;
  created_at: string;
}

/** Live placed entries per map grid cell, kind and language (0041), kept by triggers. */
export interface PlaceCellsTable {
  level: number;
  cx: number;
  cy: number;
  kind: string;
  language: string;
  n: number;
  lat_sum: number;
  lon_sum: number;
  id_sum: number | string | bigint;
}

/** A backup file written by this installation (migration 0018, modules/backups). */
export interface BackupsTable {
  id: Generated<number>;
  file_name: string;
  status: 'running' | 'done' | 'failed';
  progress: Generated<number>;
  size: number | null;
  sha256: string | null;
  /** JSON: { tables: { name: rows }, files, bytes }. */
  counts: string | null;
  job_id: string | null;
  origin: 'manual' | 'scheduled' | 'cli';
  created_by: number | null;
  created_at: string;
  finished_at: string | null;
  error: string | null;
}

/** The database job queue (migration 0014, jobs/database-queue.ts); times in ms since the epoch. */
export interface JobsTable {
  id: Generated<number>;
  queue: string;
  name: string;
  /** JSON */
  payload: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  progress: Generated<number>;
  attempts: Generated<number>;
  max_attempts: number;
  backoff_ms: number;
  lease_ms: number;
  available_at: number;
  locked_until: number | null;
  locked_by: string | null;
  unique_key: string | null;
  error: string | null;
  created_at: string;
  finished_at: string | null;
}

/** Jobs that failed every attempt, on either backend (jobs/failed-jobs.ts). */
export interface FailedJobsTable {
  id: Generated<number>;
  job_id: string;
  queue: string;
  name: string;
  /** JSON */
  payload: string;
  error: string;
  attempts: number;
  failed_at: string;
}

/** Recurring jobs of the database queue: whoever moves `next_run_at` on enqueues the run. */
export interface JobSchedulesTable {
  name: string;
  interval_ms: number;
  next_run_at: number;
}
