import path from 'node:path';
import { UI_LANGUAGES } from '@kinfolio/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { stampedTransaction } from '../../db/stamps.js';
import { photoMetadataOf } from '../files/index.js';
import { escapeHtml } from '../items/index.js';
import { nameKeys } from '../participants/index.js';
import type { KnownIdentity } from './identities.js';
import { bytesKnown, folderCategory, hashStream, type MediaOverrides } from './photos.js';
import { MediaWriter } from './media-writer.js';
import type { ImportRun } from './run.js';
import type { ImportSource } from './sources.js';
import type { OpenedSource, SourceEntry } from './source.js';
import {
  albumOf,
  folderPath,
  isJson,
  parentFolders,
  parseMediaName,
  readJsonEntry,
  TakeoutIndex,
  type Sidecar,
} from './takeout-sidecars.js';

/** JSON files read at most while recognising a source, before deciding it is no Takeout. */
const RECOGNISE_TRIES = 50;

const isMedia = (entry: SourceEntry) => entry.mime !== undefined && !entry.skip;

/**
 * A Takeout of Google Photos, whatever its folders are called in the account's language: a
 * picture's sidecar (`photoTakenTime`) next to the pictures. The folder of the first one found.
 */
async function sidecarFolder(source: OpenedSource): Promise<string | undefined> {
  const withMedia = new Set(source.entries.filter(isMedia).map((e) => folderPath(e.path)));
  let tries = 0;
  for (const entry of source.entries) {
    if (!isJson(entry) || !withMedia.has(folderPath(entry.path))) continue;
    const found = await readJsonEntry(entry);
    if (found && 'sidecar' in found) return folderPath(entry.path);
    if ((tries += 1) >= RECOGNISE_TRIES) return undefined;
  }
  return undefined;
}

const recognise = async (source: OpenedSource) => (await sidecarFolder(source)) !== undefined;

/**
 * The pictures and JSON files under the Takeout's photos folders (`Takeout/Google Photos`, the
 * parent of year and album folders holding pictures and JSON files; one per language when
 * Takeouts of several accounts are merged): a whole Takeout's other products (its mailbox, a
 * chat kept beside it) are left to the kinds they are.
 */
async function claim(source: OpenedSource): Promise<SourceEntry[]> {
  if (!(await recognise(source))) return [];
  const withMedia = new Set(source.entries.filter(isMedia).map((e) => folderPath(e.path)));
  const roots = new Set(
    source.entries
      .filter((entry) => isJson(entry) && withMedia.has(folderPath(entry.path)))
      .map((entry) => path.posix.dirname(folderPath(entry.path))),
  );
  const under = (entry: SourceEntry) =>
    roots.has('.') || [...roots].some((root) => entry.path.startsWith(`${root}/`));
  return source.entries.filter((entry) => under(entry) && (isMedia(entry) || isJson(entry)));
}

/** What the Takeout says of one picture, ready for the media writer. */
interface Planned {
  entry: SourceEntry;
  sidecar: Sidecar | undefined;
  album: string | undefined;
  /** An edited copy: the path of its original in the same folder, when the source has it. */
  original: string | undefined;
}

/** Each picture or video with its sidecar and album; originals before their edited copies. */
function plan(source: OpenedSource, index: TakeoutIndex): Planned[] {
  const media = source.entries.filter(isMedia);
  const paths = new Set(media.map((entry) => entry.path));
  const parents = parentFolders(new Set(media.map((entry) => folderPath(entry.path))));
  const planned = media.map((entry): Planned => {
    const folder = folderPath(entry.path);
    const name = parseMediaName(path.posix.basename(entry.path));
    const original = name.edited ? path.posix.join(folder, name.uneditedName) : undefined;
    return {
      entry,
      sidecar: index.sidecarOf(entry.path),
      album: albumOf(index, folder, parents),
      original: original && paths.has(original) ? original : undefined,
    };
  });
  // An edited copy becomes a second file of its original's item: the original comes first.
  return [...planned.filter((p) => !p.original), ...planned.filter((p) => p.original)];
}

/**
 * A person of the sidecars, as the preview lists them and `options.people` maps them: by name,
 * whatever its case (Google spells a name as each photo was tagged).
 */
const personKey = (name: string) => nameKeys(name).name_lower;

/** A sidecar's description as content: escaped, its lines kept. */
const contentOf = (description: string) =>
  description
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('');

function overridesOf(planned: Planned): MediaOverrides {
  const { sidecar } = planned;
  const content = sidecar?.description
    ? contentOf(sidecar.description)
    : sidecar?.date
      ? ''
      : undefined;
  return {
    ...(sidecar?.title ? { title: sidecar.title } : {}),
    ...(sidecar?.date ? { date: sidecar.date } : {}),
    ...(sidecar?.place ? { place: sidecar.place } : {}),
    ...(content !== undefined ? { content } : {}),
    participants: (sidecar?.people ?? []).map((name) => ({ key: personKey(name), name })),
    // Albums are the family's own sorting: always kept; year folders are none.
    categories: planned.album ? [planned.album] : [],
  };
}

/** Links an item this import created to the album a copy of it was found in again. */
async function linkToAlbum(run: ImportRun, itemId: number, album: string) {
  const commit = await stampedTransaction(run.ctx.db, 'archive', async (trx) =>
    run.linkCategories(trx, itemId, [await folderCategory(trx, run, album)]),
  );
  commit();
}

/** Whether a category of this name exists already (what analyse does not count). */
async function categoryExists(db: Kysely<Database>, name: string) {
  const row = await db
    .selectFrom('categories')
    .select('id')
    .where((eb) => eb.or(UI_LANGUAGES.map((language) => eb(`name_${language}`, '=', name))))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Google Takeout (Photos): each picture with what its sidecar says (date, place, description,
 * people), albums as categories. The same bytes in a year folder and an album are one media
 * item linked to the album; an `-edited` copy is a second file of its original's item, so the
 * family keeps both the picture as taken and as retouched, as one memory.
 */
export const takeoutSource: ImportSource = {
  kind: 'takeout',
  recognise,
  claim,
  async analyse(ctx, source, _dir, findings) {
    const index = await TakeoutIndex.of(source);
    const seen = new Set<string>();
    const albums = new Set<string>();
    for (const planned of plan(source, index)) {
      const { entry, sidecar } = planned;
      const { sha256, head } = await hashStream(await entry.open());
      // A copy met again (an album's): the same media, linked to the album.
      if (planned.album) albums.add(planned.album);
      if (seen.has(sha256)) continue;
      seen.add(sha256);
      if (await bytesKnown({ ctx }, sha256)) {
        findings.existing();
        continue;
      }
      findings.add(planned.original ? 'files' : 'media');
      if (planned.original) continue;
      const taken = (await photoMetadataOf(entry.mime!, head)).taken_on;
      findings.date(sidecar?.date ?? (taken ? new Date(`${taken}T00:00:00Z`) : entry.modified));
      for (const name of sidecar?.people ?? []) findings.person(personKey(name), name);
    }
    let newAlbums = 0;
    for (const album of albums) if (!(await categoryExists(ctx.db, album))) newAlbums += 1;
    if (newAlbums) findings.add('categories', newAlbums);
  },
  async run(run, source, dir, progress) {
    const index = await TakeoutIndex.of(source);
    const planned = plan(source, index);
    const media = new Set(planned.map((p) => p.entry));
    for (const entry of source.entries) {
      if (!media.has(entry) && !isJson(entry)) run.skip(entry.path, entry.skip ?? 'unsupported');
    }
    /** Items counted as created by this attempt (a copy met again is not counted twice). */
    const counted = new Set<string>();
    /** The item of each original that has an edited copy. */
    const itemOf = new Map<string, number>();
    const originals = new Set(planned.flatMap((p) => (p.original ? [p.original] : [])));
    const writer = new MediaWriter(run, dir);
    await writer.each(
      planned,
      (unit) => unit.entry,
      async (prepared, unit, position) => {
        // An edited copy joins its original's item: the original's batch is committed first.
        if (unit.original && !itemOf.has(unit.original)) await writer.batch.flush();
        const itemId = unit.original ? itemOf.get(unit.original) : undefined;
        const type = itemId !== undefined ? 'files' : 'media';
        const again = async (known: KnownIdentity) => {
          if (!counted.has(`${type}:${known.item_id}`)) {
            counted.add(`${type}:${known.item_id}`);
            run.created(type, known);
          }
          if (unit.album) await linkToAlbum(run, known.item_id, unit.album);
        };
        await writer.write(
          prepared!,
          { ...overridesOf(unit), ...(itemId !== undefined ? { itemId } : {}), again },
          (imported) => {
            if (imported === undefined) return;
            counted.add(`${type}:${imported}`);
            if (originals.has(unit.entry.path)) itemOf.set(unit.entry.path, imported);
          },
        );
        await progress((position + 1) / planned.length);
      },
    );
  },
};
