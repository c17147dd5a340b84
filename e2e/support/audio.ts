import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';

const run = promisify(execFile);

/** A few seconds of tone as MP3, made by the ffmpeg the server ships with (FFMPEG_PATH wins). */
export async function toneMp3(seconds: number, frequency: number): Promise<Buffer> {
  const { stdout } = await run(
    process.env.FFMPEG_PATH || ffmpegInstaller.path,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=${frequency}:duration=${seconds}`,
      '-ac',
      '1',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '32k',
      '-f',
      'mp3',
      'pipe:1',
    ],
    { encoding: 'buffer', maxBuffer: 4 * 1024 * 1024 },
  );
  return stdout;
}

/**
 * Passages of a tone, 3 s each, every 5 s (sound at 0, 5, 10 s…) separated by 2 s of silence,
 * as MP3: what segment detection cuts at its silences.
 */
export async function passagesMp3(seconds: number): Promise<Buffer> {
  const { stdout } = await run(
    process.env.FFMPEG_PATH || ffmpegInstaller.path,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `aevalsrc=if(lt(mod(t\\,5)\\,3)\\,0.5*sin(2*PI*440*t)\\,0):s=22050:d=${seconds}`,
      '-ac',
      '1',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '32k',
      '-f',
      'mp3',
      'pipe:1',
    ],
    { encoding: 'buffer', maxBuffer: 4 * 1024 * 1024 },
  );
  return stdout;
}
