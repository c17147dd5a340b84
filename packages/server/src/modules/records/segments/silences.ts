import { Writable } from 'node:stream';
import { probeAudio, runFfmpeg } from '../ffmpeg.js';
import type { Silence } from './propose.js';

export interface SilenceOptions {
  /** What counts as silent, in dB (-35). */
  noiseDb: number;
  /** The shortest pause that counts, in seconds (1). */
  minSilence: number;
}

export const DEFAULT_SILENCE: SilenceOptions = { noiseDb: -35, minSilence: 1 };

/** Silence detection needs no fidelity: one channel at 8 kHz decodes and scans quickest. */
const SCAN_RATE = 8000;

/**
 * ffmpeg's arguments: the inputs joined in order (as the MP3 joins them, so times agree with it),
 * scanned by `silencedetect`, whose findings `ametadata` prints to pipe:1; nothing else is written.
 */
export function silenceArguments(inputs: string[], options: SilenceOptions): string[] {
  const prepared = inputs.map(
    (_, i) =>
      `[${i}:a:0]aresample=${SCAN_RATE},aformat=sample_fmts=flt:channel_layouts=mono[a${i}]`,
  );
  const joined = inputs.map((_, i) => `[a${i}]`).join('');
  const detect =
    `silencedetect=noise=${options.noiseDb}dB:d=${options.minSilence},` +
    // `\\:` escapes the colon twice: once for the graph, once for the filter's options.
    'ametadata=mode=print:file=pipe\\\\:1';
  const graph = [...prepared, `${joined}concat=n=${inputs.length}:v=0:a=1,${detect}[out]`].join(
    ';',
  );
  return [
    // `info`: -benchmark's figures (CPU time, memory) are printed at that level.
    '-loglevel',
    'info',
    ...inputs.flatMap((file) => ['-i', file]),
    '-filter_complex',
    graph,
    '-map',
    '[out]',
    '-f',
    'null',
    '-',
  ];
}

/**
 * The silences in `ametadata`'s lines (`lavfi.silence_start=…`, `lavfi.silence_end=…`); a silence
 * still open at the end lasts until `duration`.
 */
export function parseSilences(lines: string[], duration: number): Silence[] {
  const out: Silence[] = [];
  let open: number | undefined;
  for (const line of lines) {
    const match = /^lavfi\.silence_(start|end)=(-?[\d.]+)/.exec(line.trim());
    if (!match) continue;
    const at = Math.max(0, Number(match[2]));
    if (!Number.isFinite(at)) continue;
    if (match[1] === 'start') open = at;
    else if (open !== undefined) {
      out.push({ start: open, end: at });
      open = undefined;
    }
  }
  if (open !== undefined && duration > open) out.push({ start: open, end: duration });
  return out;
}

/** Collects complete lines written to it. */
class LineSink extends Writable {
  readonly lines: string[] = [];
  private pending = '';
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void) {
    const parts = (this.pending + chunk.toString('utf8')).split('\n');
    this.pending = parts.pop() ?? '';
    // Only the findings are kept: ametadata's `frame:…` lines could number many.
    for (const line of parts) if (line.startsWith('lavfi.')) this.lines.push(line);
    done();
  }
  override _final(done: () => void) {
    if (this.pending.startsWith('lavfi.')) this.lines.push(this.pending);
    done();
  }
}

export interface SilenceScan {
  silences: Silence[];
  /** The joined recording's length, in seconds. */
  duration: number;
  cpuSeconds: number;
  maxRssBytes: number;
}

/** Finds the silences of the local files `inputs` joined in order; `onProgress` gets 0..1. */
export async function findSilences(options: {
  inputs: string[];
  silence?: SilenceOptions;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  timeLimitMs?: number;
}): Promise<SilenceScan> {
  const { inputs } = options;
  if (inputs.length === 0) throw new Error('no audio part to scan');
  let probed = 0;
  for (const input of inputs) probed += (await probeAudio(input, options.timeLimitMs)).duration;
  let reached = 0;
  let last = -1;
  const sink = new LineSink();
  const run = await runFfmpeg(
    silenceArguments(inputs, options.silence ?? DEFAULT_SILENCE),
    (seconds) => {
      reached = Math.max(reached, seconds);
      if (!options.onProgress || probed <= 0) return;
      const percent = Math.floor(Math.min(1, seconds / probed) * 100);
      if (percent === last) return;
      last = percent;
      options.onProgress(percent / 100);
    },
    options.signal,
    sink,
    options.timeLimitMs,
  );
  // Containers may misstate their length; what ffmpeg decoded is the truth when it says.
  const duration = reached > 0 ? reached : probed;
  return { silences: parseSilences(sink.lines, duration), duration, ...run };
}
