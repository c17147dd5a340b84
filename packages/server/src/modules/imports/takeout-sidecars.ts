import path from 'node:path';
import { z } from 'zod';
import type { OpenedSource, SourceEntry } from './source.js';

/**
 * Google Takeout's sidecars: the JSON files Google Photos writes beside each picture (its date,
 * place, description, people) and in each album folder (its title), and how a picture finds its
 * own despite Google's renamings.
 */

/** What a picture's sidecar says, kept small: only this is held per picture while importing. */
export interface Sidecar {
  title?: string;
  date?: Date;
  place?: { latitude: number; longitude: number };
  description?: string;
  people: string[];
}

/** A sidecar larger than this is not one (they are a few KB). */
const SIDECAR_MAX_BYTES = 1024 * 1024;

const text = z.string().optional().catch(undefined);
const place = z
  .object({ latitude: z.coerce.number(), longitude: z.coerce.number() })
  .optional()
  .catch(undefined);

/** Lenient: a field of the wrong shape is dropped, the rest kept. */
const sidecarSchema = z.object({
  title: text,
  description: text,
  photoTakenTime: z.object({ timestamp: z.coerce.number() }).optional().catch(undefined),
  creationTime: z.unknown().optional(),
  geoData: place,
  geoDataExif: place,
  people: z
    .array(z.object({ name: z.string() }).nullable().catch(null))
    .optional()
    .catch(undefined),
});
type RawSidecar = z.infer<typeof sidecarSchema>;

/** 0/0 is Google's "no place"; out of range is no place either. */
function placeOf(geo: RawSidecar['geoData']) {
  if (!geo || !Number.isFinite(geo.latitude) || !Number.isFinite(geo.longitude)) return undefined;
  if (geo.latitude === 0 && geo.longitude === 0) return undefined;
  if (Math.abs(geo.latitude) > 90 || Math.abs(geo.longitude) > 180) return undefined;
  const round = (value: number) => Math.round(value * 1e6) / 1e6;
  return { latitude: round(geo.latitude), longitude: round(geo.longitude) };
}

/** A JSON entry's content: a picture's sidecar, an album's metadata (its title), or neither. */
export type JsonKind = { sidecar: Sidecar } | { album: string } | undefined;

export async function readJsonEntry(entry: SourceEntry): Promise<JsonKind> {
  if (entry.size === 0 || entry.size > SIDECAR_MAX_BYTES) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of await entry.open()) chunks.push(chunk as Buffer);
  let json: unknown;
  try {
    json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
  const parsed = sidecarSchema.safeParse(json);
  if (!parsed.success) return undefined;
  const raw = parsed.data;
  const seconds = raw.photoTakenTime?.timestamp;
  const date =
    seconds !== undefined && Number.isFinite(seconds) && seconds > 0
      ? new Date(seconds * 1000)
      : undefined;
  const valid = date && !Number.isNaN(date.getTime()) ? date : undefined;
  if (raw.photoTakenTime || raw.creationTime !== undefined) {
    return {
      sidecar: {
        ...(raw.title?.trim() ? { title: raw.title.trim() } : {}),
        ...(valid ? { date: valid } : {}),
        ...(raw.description?.trim() ? { description: raw.description.trim() } : {}),
        ...((placeOf(raw.geoData) ?? placeOf(raw.geoDataExif))
          ? { place: placeOf(raw.geoData) ?? placeOf(raw.geoDataExif) }
          : {}),
        people: [
          ...new Set(
            (raw.people ?? []).flatMap((person) =>
              person?.name.trim() ? [person.name.trim()] : [],
            ),
          ),
        ],
      },
    };
  }
  // An album's metadata.json (named in the account's language): a title, no picture's times.
  return raw.title?.trim() ? { album: raw.title.trim() } : undefined;
}

export const isJson = (entry: SourceEntry) =>
  !entry.mime && entry.skip !== 'empty' && /\.json$/i.test(entry.path);

export const folderPath = (entryPath: string) => path.posix.dirname(entryPath);

/** `-edited` as Google writes it in the account's language. */
const EDITED = '-(?:edited|bearbeitet|modifié|modificato|editado|bewerkt)';

/** `IMG_1234-edited(1).jpg` → base `IMG_1234`, edited, counter 1, extension `.jpg`. */
const MEDIA_NAME = new RegExp(`^(.*?)(${EDITED})?(?:\\((\\d+)\\))?(\\.[^.]+)?$`, 'iu');

export interface MediaName {
  /** The name its sidecar is named after (`-edited` and the counter dropped). */
  original: string;
  counter: number | undefined;
  edited: boolean;
  /** The name of the picture it is an edited copy of (with its counter). */
  uneditedName: string;
}

export function parseMediaName(fileName: string): MediaName {
  const match = MEDIA_NAME.exec(fileName.normalize('NFC'))!;
  const [, base = '', edited, counter, extension = ''] = match;
  return {
    original: `${base}${extension}`,
    counter: counter === undefined ? undefined : Number(counter),
    edited: edited !== undefined,
    uneditedName: `${base}${counter === undefined ? '' : `(${counter})`}${extension}`,
  };
}

/** A sidecar's name, `.json` and its counter taken off: `IMG.jpg(1).json` → `IMG.jpg`, 1. */
interface SidecarName {
  stem: string;
  counter: number | undefined;
}

function parseSidecarName(fileName: string): SidecarName {
  const stem = fileName.normalize('NFC').replace(/\.json$/i, '');
  const match = /^(.*)\((\d+)\)$/.exec(stem);
  return match ? { stem: match[1]!, counter: Number(match[2]) } : { stem, counter: undefined };
}

const SUPPLEMENTAL = 'supplemental-metadata';
/** Google cuts a sidecar's name (`.json` and its counter aside) at 46 or 47 characters. */
const TRUNCATED_AT = [47, 46];

/**
 * The names (without `.json`) a sidecar of the picture `original` may have, best first: its
 * exact name, then with `.supplemental-metadata` (whole or cut: `.supplemental-metad`, `.suppl`),
 * then cut at Google's length, then without its extension. Each is looked up, never scanned for.
 */
function sidecarStems(original: string): string[] {
  const stems = [original];
  for (let length = SUPPLEMENTAL.length; length > 0; length -= 1) {
    stems.push(`${original}.${SUPPLEMENTAL.slice(0, length)}`);
  }
  for (const cut of TRUNCATED_AT) {
    if (original.length > cut) stems.push(original.slice(0, cut));
    stems.push(`${original}.${SUPPLEMENTAL}`.slice(0, cut));
  }
  const bare = original.replace(/\.[^.]+$/, '');
  if (bare && bare !== original) stems.push(bare);
  return [...new Set(stems)];
}

/** The sidecars and album title of one folder. */
interface FolderIndex {
  album?: string;
  /** By name (`.json` and counter taken off). */
  sidecars: Map<string, { counter: number | undefined; sidecar: Sidecar }[]>;
}

/**
 * Every folder's sidecars by name and album title, read once from the source's JSON entries:
 * the only thing held for the whole source (a few fields per picture), never the pictures.
 */
export class TakeoutIndex {
  private readonly folders = new Map<string, FolderIndex>();

  static async of(source: OpenedSource): Promise<TakeoutIndex> {
    const index = new TakeoutIndex();
    for (const entry of source.entries) {
      if (!isJson(entry)) continue;
      const found = await readJsonEntry(entry);
      if (!found) continue;
      const folder = index.folder(folderPath(entry.path));
      if ('album' in found) folder.album = found.album;
      else {
        const { stem, counter } = parseSidecarName(path.posix.basename(entry.path));
        const named = folder.sidecars.get(stem);
        if (named) named.push({ counter, sidecar: found.sidecar });
        else folder.sidecars.set(stem, [{ counter, sidecar: found.sidecar }]);
      }
    }
    return index;
  }

  private folder(name: string): FolderIndex {
    let folder = this.folders.get(name);
    if (!folder) this.folders.set(name, (folder = { sidecars: new Map() }));
    return folder;
  }

  album(folder: string): string | undefined {
    return this.folders.get(folder)?.album;
  }

  /**
   * The sidecar of the picture at `entryPath`: its own name first (`photo(1).jpg.json`), then
   * Google's renamings: the counter moved after the extension (`photo.jpg(1).json`), an edited
   * copy sharing its original's, `.supplemental-metadata` and names cut short.
   */
  sidecarOf(entryPath: string): Sidecar | undefined {
    const folder = this.folders.get(folderPath(entryPath));
    if (!folder) return undefined;
    const fileName = path.posix.basename(entryPath).normalize('NFC');
    const name = parseMediaName(fileName);
    const tries: { original: string; counter: number | undefined }[] = [
      { original: name.edited ? name.uneditedName : fileName, counter: undefined },
      { original: name.original, counter: name.counter },
    ];
    for (const attempt of tries) {
      for (const stem of sidecarStems(attempt.original)) {
        const found = folder.sidecars.get(stem)?.find((s) => s.counter === attempt.counter);
        if (found) return found.sidecar;
      }
    }
    return undefined;
  }
}

/** `Photos from 2019` in the account's language, or an old Takeout's day folder `2019-05-12`. */
const YEAR_FOLDER =
  /^(?:photos from|fotos von|photos de|foto del|fotos de|fotos del|foto's uit|fotos från|fotos fra|zdjęcia z) (?:19|20)\d{2}$|^\d{4}-\d{2}-\d{2}(?: #\d+)?$/iu;

/**
 * The album a folder of pictures is, as a category name: its metadata's title, else its name;
 * none for Google's year and day folders and for folders holding other picture folders (the
 * Takeout's own `Google Photos`, whatever its language).
 */
export function albumOf(
  index: TakeoutIndex,
  folder: string,
  parents: ReadonlySet<string>,
): string | undefined {
  const title = index.album(folder);
  const name = path.posix.basename(folder).normalize('NFC');
  if (YEAR_FOLDER.test(name) && (!title || YEAR_FOLDER.test(title))) return undefined;
  if (title) return [...title].slice(0, 100).join('');
  if (folder === '.' || parents.has(folder)) return undefined;
  return [...name.trim()].slice(0, 100).join('') || undefined;
}

/** Folders that hold, somewhere below them, another folder with pictures. */
export function parentFolders(folders: Iterable<string>): Set<string> {
  const parents = new Set<string>();
  for (const folder of folders) {
    let current = folderPath(folder);
    while (current !== '.' && !parents.has(current)) {
      parents.add(current);
      current = folderPath(current);
    }
    parents.add('.');
  }
  return parents;
}
