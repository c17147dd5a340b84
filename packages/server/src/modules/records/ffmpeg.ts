import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import ffprobeInstaller from '@ffprobe-installer/ffprobe';

/** Where a binary was found: said at start-up, so the operator knows which build decodes. */
export interface ToolChoice {
  path: string;
  source: 'setting' | 'PATH' | 'bundled';
}

const chosen = new Map<string, ToolChoice>();

/** Whether `command -version` runs (the system's build, found on PATH). */
const runsFromPath = (command: string) =>
  spawnSync(command, ['-version'], { stdio: 'ignore', timeout: 10_000 }).status === 0;

/**
 * A binary: its setting (`FFMPEG_PATH`, `FFPROBE_PATH`) when set, else the system's on PATH (a
 * current build, with its security fixes), else the one shipped by npm (an old static build, the
 * fallback). Looked up once per process.
 */
export function chooseTool(name: 'ffmpeg' | 'ffprobe', bundled: string): ToolChoice {
  const setting = process.env[name === 'ffmpeg' ? 'FFMPEG_PATH' : 'FFPROBE_PATH'];
  if (setting) return { path: setting, source: 'setting' };
  let choice = chosen.get(name);
  if (!choice) {
    choice = runsFromPath(name)
      ? { path: name, source: 'PATH' }
      : { path: bundled, source: 'bundled' };
    chosen.set(name, choice);
  }
  return choice;
}

export const ffmpegChoice = () => chooseTool('ffmpeg', ffmpegInstaller.path);
export const ffprobeChoice = () => chooseTool('ffprobe', ffprobeInstaller.path);

/** The ffmpeg binary (see chooseTool). */
export function ffmpegPath(): string {
  return ffmpegChoice().path;
}

/** The ffprobe binary (see chooseTool). */
export function ffprobePath(): string {
  return ffprobeChoice().path;
}

/**
 * How long one ffmpeg or ffprobe run may take before it is killed, unless told otherwise (the
 * FFMPEG_TIME_LIMIT_SECONDS setting): users' uploads are decoded, and a file made to hang the
 * decoder must not hold a worker for ever. Half an hour encodes hours of sound.
 */
export const FFMPEG_TIME_LIMIT_MS = 30 * 60 * 1000;

/** The ffmpeg and ffprobe runs of this process: killed with it, never left encoding for nobody. */
const children = new Set<ChildProcess>();
let hooked = false;

function track(child: ChildProcess) {
  children.add(child);
  child.once('close', () => children.delete(child));
  if (hooked) return;
  hooked = true;
  // A worker's shutdown (its grace run out, or a plain exit) ends its ffmpegs with it.
  process.once('exit', () => {
    for (const running of children) running.kill('SIGKILL');
  });
}

/** What the MP3 generation needs to know of an input before it starts. */
export interface AudioProbe {
  /** Seconds; 0 when the container does not say. */
  duration: number;
  channels: number;
}

/** Duration and channels of a file's first audio stream; throws when it has no audio. */
export async function probeAudio(
  file: string,
  timeoutMs = FFMPEG_TIME_LIMIT_MS,
): Promise<AudioProbe> {
  const stdout = await new Promise<string>((resolve, reject) => {
    const child = spawn(
      ffprobePath(),
      [
        '-v',
        'error',
        '-select_streams',
        'a:0',
        '-show_entries',
        'stream=channels,duration:format=duration',
        '-of',
        'json',
        file,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs, killSignal: 'SIGKILL' },
    );
    track(child);
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr
      .setEncoding('utf8')
      .on('data', (chunk: string) => (err = (err + chunk).slice(-4096)));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve(out);
      else if (signal === 'SIGKILL')
        reject(new Error(`ffprobe took longer than ${timeoutMs} ms: stopped`));
      else reject(new Error(`ffprobe failed (${signal ?? `exit ${code}`}): ${err.trim()}`));
    });
  });
  const parsed = JSON.parse(stdout) as {
    streams?: { channels?: number; duration?: string }[];
    format?: { duration?: string };
  };
  const stream = parsed.streams?.[0];
  if (!stream) throw new Error('no audio stream');
  const duration = Number(parsed.format?.duration ?? stream.duration ?? 0);
  return {
    duration: Number.isFinite(duration) && duration > 0 ? duration : 0,
    channels: stream.channels ?? 1,
  };
}

/** How an ffmpeg run went, from `-benchmark` (the bench reads it). */
export interface FfmpegRun {
  /** ffmpeg's peak resident memory, in bytes (0 when it did not say). */
  maxRssBytes: number;
  /** ffmpeg's CPU time (user and system), in seconds: what the machine's load does not change. */
  cpuSeconds: number;
}

/** The seconds of output written so far, from a `-progress` block's `out_time*` lines. */
export function progressSeconds(line: string): number | undefined {
  const [key, value = ''] = line.split('=', 2);
  // ffmpeg's out_time_ms is in microseconds too (a naming slip kept for compatibility).
  if (key === 'out_time_us' || key === 'out_time_ms') {
    const micros = Number(value);
    return Number.isFinite(micros) && micros >= 0 ? micros / 1e6 : undefined;
  }
  return undefined;
}

const STDERR_KEPT = 64 * 1024;

/**
 * Runs ffmpeg with `-progress pipe:3`, calling `onSeconds` with the output time reached; what it
 * writes to `pipe:1` goes to `output`. Fails with the end of ffmpeg's messages when it exits
 * badly, when `output` fails, or when `signal` aborts it (killed).
 *
 * Writing the result through a pipe ties ffmpeg's life to ours: if this process is killed
 * (a worker's SIGKILL), the pipe breaks and ffmpeg stops. Writing a file itself, it went on
 * encoding for nobody (a broken progress pipe does not stop it).
 */
export function runFfmpeg(
  args: string[],
  onSeconds: (seconds: number) => void,
  signal?: AbortSignal,
  output?: NodeJS.WritableStream,
  timeoutMs = FFMPEG_TIME_LIMIT_MS,
): Promise<FfmpegRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      ffmpegPath(),
      ['-hide_banner', '-nostats', '-nostdin', '-benchmark', '-progress', 'pipe:3', ...args],
      {
        stdio: ['ignore', output ? 'pipe' : 'ignore', 'pipe', 'pipe'],
        signal,
        timeout: timeoutMs,
        killSignal: 'SIGKILL',
      },
    );
    track(child);
    const written = output ? pipeline(child.stdout!, output) : Promise.resolve();
    // Reported by the close handler below (ffmpeg fails when its output does).
    written.catch(() => undefined);
    const progress = child.stdio[3] as Readable;
    let pending = '';
    progress.setEncoding('utf8');
    progress.on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const seconds = progressSeconds(line.trim());
        if (seconds !== undefined) onSeconds(seconds);
      }
    });
    let stderr = '';
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_KEPT);
    });
    child.on('error', reject);
    child.on('close', (code, killedBy) => {
      if (code === 0) {
        const rss = /maxrss=(\d+)kB/.exec(stderr);
        const times = /utime=([\d.]+)s stime=([\d.]+)s/.exec(stderr);
        written.then(
          () =>
            resolve({
              maxRssBytes: rss ? Number(rss[1]) * 1024 : 0,
              cpuSeconds: times ? Number(times[1]) + Number(times[2]) : 0,
            }),
          reject,
        );
        return;
      }
      if (killedBy === 'SIGKILL' && !signal?.aborted) {
        reject(new Error(`ffmpeg took longer than ${timeoutMs} ms: stopped`));
        return;
      }
      const tail = stderr.trim().split('\n').slice(-5).join('\n');
      reject(new Error(`ffmpeg failed (${killedBy ?? `exit ${code}`}): ${tail}`));
    });
  });
}
