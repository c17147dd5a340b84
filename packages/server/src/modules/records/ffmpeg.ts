import { execFile, spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import ffprobeInstaller from '@ffprobe-installer/ffprobe';

const run = promisify(execFile);

/** The ffmpeg binary: `FFMPEG_PATH` when set, else the one shipped by @ffmpeg-installer/ffmpeg. */
export function ffmpegPath(): string {
  return process.env.FFMPEG_PATH || ffmpegInstaller.path;
}

/** The ffprobe binary: `FFPROBE_PATH` when set, else the one shipped by @ffprobe-installer. */
export function ffprobePath(): string {
  return process.env.FFPROBE_PATH || ffprobeInstaller.path;
}

/** What the MP3 generation needs to know of an input before it starts. */
export interface AudioProbe {
  /** Seconds; 0 when the container does not say. */
  duration: number;
  channels: number;
}

/** Duration and channels of a file's first audio stream; throws when it has no audio. */
export async function probeAudio(file: string): Promise<AudioProbe> {
  const { stdout } = await run(
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
    { maxBuffer: 1024 * 1024 },
  );
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
): Promise<FfmpegRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      ffmpegPath(),
      ['-hide_banner', '-nostats', '-nostdin', '-benchmark', '-progress', 'pipe:3', ...args],
      { stdio: ['ignore', output ? 'pipe' : 'ignore', 'pipe', 'pipe'], signal },
    );
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
      const tail = stderr.trim().split('\n').slice(-5).join('\n');
      reject(new Error(`ffmpeg failed (${killedBy ?? `exit ${code}`}): ${tail}`));
    });
  });
}
