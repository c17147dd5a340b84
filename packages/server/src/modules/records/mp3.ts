import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { probeAudio, runFfmpeg, type AudioProbe } from './ffmpeg.js';

/** What identifies an audio part's bytes and place: any change makes the MP3 stale. */
export interface Mp3Part {
  id: number;
  position: number | null;
  sha256: string;
  size: number;
}

/** The ID3 tags of a record's MP3. */
export interface Mp3Tags {
  title: string;
  /** Who keeps the original: the album artist (and the artist when nobody is named). */
  owner: string;
  /** When it was recorded (YYYY-MM-DD or a part of it), or empty. */
  date: string;
  /** The people heard in it, by name: the artists (performers), and the comment. */
  people: string[];
}

/**
 * Bumped when the encoding below changes, so MP3s made the old way count as stale. The tags are
 * part of the key as well: an MP3 whose title or people are out of date is made again too.
 */
const FORMAT = 'mp3-v1';

/**
 * The stale-detection key: a hash of the parts' ids, positions, sizes and sha256 in their order
 * and of the tags. Editing, adding, removing or re-ordering parts gives another key.
 */
export function mp3Key(parts: Mp3Part[], tags: Mp3Tags): string {
  const basis = JSON.stringify({
    format: FORMAT,
    parts: parts.map((p) => [p.id, p.position, p.sha256, Number(p.size)]),
    tags,
  });
  return createHash('sha256').update(basis).digest('hex').slice(0, 24);
}

/** The folder of generated MP3s: beside the uploaded files, not among them (reconcile's). */
export function mp3Dir(dataDir: string): string {
  return path.join(dataDir, 'records-mp3');
}

const prefixOf = (recordId: number) => `record-${recordId}-`;

/** Where the MP3 of this record with this key lives once it is complete. */
export function mp3File(dataDir: string, recordId: number, key: string): string {
  return path.join(mp3Dir(dataDir), `${prefixOf(recordId)}${key}.mp3`);
}

/** The complete MP3 of the record for this key, if there is one. */
export async function existingMp3(
  dataDir: string,
  recordId: number,
  key: string,
): Promise<{ file: string; size: number } | undefined> {
  const file = mp3File(dataDir, recordId, key);
  try {
    const stats = await fs.promises.stat(file);
    return stats.isFile() ? { file, size: stats.size } : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the record has any complete MP3, whatever its key (a stale one, when not current). */
export async function hasAnyMp3(dataDir: string, recordId: number): Promise<boolean> {
  try {
    const names = await fs.promises.readdir(mp3Dir(dataDir));
    return names.some((name) => name.startsWith(prefixOf(recordId)) && name.endsWith('.mp3'));
  } catch {
    return false;
  }
}

/** A partial write untouched this long was left by a worker that died (ffmpeg writes steadily). */
const ABANDONED_MS = 60 * 60 * 1000;

/**
 * Removes the record's MP3s: with `keep` (the current file), the other MP3s and partial writes
 * abandoned by a dead worker; without, every file of the record, partial writes included (a hard
 * delete).
 */
export async function removeRecordMp3s(
  dataDir: string,
  recordId: number,
  keep?: string,
): Promise<void> {
  const dir = mp3Dir(dataDir);
  let names: string[];
  try {
    names = await fs.promises.readdir(dir);
  } catch {
    return;
  }
  const prefix = prefixOf(recordId);
  const abandoned = async (name: string) => {
    const stats = await fs.promises.stat(path.join(dir, name)).catch(() => undefined);
    return stats !== undefined && Date.now() - stats.mtimeMs > ABANDONED_MS;
  };
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const doomed =
      keep === undefined ||
      (name.endsWith('.mp3') && name !== path.basename(keep)) ||
      (name.endsWith('.part') && (await abandoned(name)));
    if (doomed) await fs.promises.rm(path.join(dir, name), { force: true });
  }
}

const SAMPLE_RATE = 44100;

/** ffmpeg's arguments: each input resampled, joined in order, loudness-normalised, tagged. */
export function mp3Arguments(
  inputs: string[],
  stereo: boolean,
  tags: Mp3Tags,
  output: string,
): string[] {
  const layout = stereo ? 'stereo' : 'mono';
  // Parts may differ in rate and channels; concat needs them alike.
  const prepared = inputs.map(
    (_, i) =>
      `[${i}:a:0]aresample=${SAMPLE_RATE},aformat=sample_fmts=fltp:channel_layouts=${layout}[a${i}]`,
  );
  const joined = inputs.map((_, i) => `[a${i}]`).join('');
  // loudnorm (EBU R128, one pass) works at 192 kHz: back to 44.1 kHz after it.
  const graph = [
    ...prepared,
    `${joined}concat=n=${inputs.length}:v=0:a=1,loudnorm=I=-16:TP=-1.5:LRA=11,aresample=${SAMPLE_RATE}[out]`,
  ].join(';');
  // Line breaks and other control characters have no place in a one-line tag.
  const clean = (value: string) =>
    [...value]
      .map((c) => (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f ? ' ' : c))
      .join('')
      .trim();
  const metadata = [
    ['title', tags.title],
    // The voices heard are the recording's performers; its keeper stands for the collection.
    ['artist', tags.people.length ? tags.people.join(', ') : tags.owner],
    ['album_artist', tags.owner],
    ['date', tags.date],
    ['comment', tags.people.join(', ')],
  ].flatMap(([key, value]) => (value ? ['-metadata', `${key}=${clean(value)}`] : []));
  return [
    '-loglevel',
    'info',
    ...inputs.flatMap((file) => ['-i', file]),
    '-filter_complex',
    graph,
    '-map',
    '[out]',
    '-map_metadata',
    '-1',
    '-c:a',
    'libmp3lame',
    '-b:a',
    stereo ? '160k' : '96k',
    '-ar',
    String(SAMPLE_RATE),
    // ID3v2.3 is what most players and operating systems read.
    '-id3v2_version',
    '3',
    ...metadata,
    '-f',
    'mp3',
    '-y',
    output,
  ];
}

export interface EncodeResult {
  /** The inputs' total duration, in seconds (what progress is measured against). */
  duration: number;
  /** ffmpeg's peak resident memory, in bytes. */
  maxRssBytes: number;
  /** ffmpeg's CPU time, in seconds. */
  cpuSeconds: number;
}

/**
 * Joins `inputs` in order into one MP3 at `output`. It is written to a partial file beside it
 * and renamed when complete, so nobody is ever served half an MP3. `onProgress` gets 0..1.
 */
export async function encodeMp3(options: {
  inputs: string[];
  tags: Mp3Tags;
  output: string;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}): Promise<EncodeResult> {
  const { inputs, output } = options;
  if (inputs.length === 0) throw new Error('no audio part to join');
  const probes: AudioProbe[] = [];
  for (const input of inputs) probes.push(await probeAudio(input));
  const duration = probes.reduce((sum, p) => sum + p.duration, 0);
  const stereo = probes.some((p) => p.channels > 1);
  await fs.promises.mkdir(path.dirname(output), { recursive: true });
  const partial = `${output}.${randomUUID()}.part`;
  let last = -1;
  const report = (seconds: number) => {
    if (!options.onProgress || duration <= 0) return;
    const fraction = Math.min(1, Math.max(0, seconds / duration));
    // One report per whole percent is plenty for a progress bar.
    if (Math.floor(fraction * 100) === Math.floor(last * 100)) return;
    last = fraction;
    options.onProgress(fraction);
  };
  try {
    const run = await runFfmpeg(
      mp3Arguments(inputs, stereo, options.tags, 'pipe:1'),
      report,
      options.signal,
      fs.createWriteStream(partial, { flags: 'wx' }),
    );
    await fs.promises.rename(partial, output);
    options.onProgress?.(1);
    return { duration, ...run };
  } catch (error) {
    await fs.promises.rm(partial, { force: true });
    throw error;
  }
}
