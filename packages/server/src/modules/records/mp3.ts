import { createHash } from 'node:crypto';
import type { Writable } from 'node:stream';
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
 * Joins the local files `inputs` in order into one MP3 written to `output` (ffmpeg needs files
 * it can probe and seek: the caller copies the parts out of the storage first). `output` may
 * hold part of an MP3 when this fails: the caller keeps it private and drops it. `onProgress`
 * gets 0..1.
 */
export async function encodeMp3(options: {
  inputs: string[];
  tags: Mp3Tags;
  output: Writable;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Each ffprobe and ffmpeg run's limit (FFMPEG_TIME_LIMIT_MS when not given). */
  timeLimitMs?: number;
}): Promise<EncodeResult> {
  const { inputs } = options;
  if (inputs.length === 0) throw new Error('no audio part to join');
  const probes: AudioProbe[] = [];
  for (const input of inputs) probes.push(await probeAudio(input, options.timeLimitMs));
  const duration = probes.reduce((sum, p) => sum + p.duration, 0);
  const stereo = probes.some((p) => p.channels > 1);
  let last = -1;
  const report = (seconds: number) => {
    if (!options.onProgress || duration <= 0) return;
    const fraction = Math.min(1, Math.max(0, seconds / duration));
    // One report per whole percent is plenty for a progress bar.
    if (Math.floor(fraction * 100) === Math.floor(last * 100)) return;
    last = fraction;
    options.onProgress(fraction);
  };
  const run = await runFfmpeg(
    mp3Arguments(inputs, stereo, options.tags, 'pipe:1'),
    report,
    options.signal,
    options.output,
    options.timeLimitMs,
  );
  options.onProgress?.(1);
  return { duration, ...run };
}
