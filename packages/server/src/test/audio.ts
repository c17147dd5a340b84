import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ffmpegPath } from '../modules/records/index.js';

const run = promisify(execFile);

/** A sine tone of `seconds`, encoded by ffmpeg in the format the extension names. */
export async function sineFile(
  file: string,
  seconds: number,
  frequency: number,
  options: { rate?: number; channels?: number } = {},
): Promise<string> {
  await run(ffmpegPath(), [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${frequency}:duration=${seconds}`,
    '-ar',
    String(options.rate ?? 22050),
    '-ac',
    String(options.channels ?? 1),
    '-y',
    file,
  ]);
  return file;
}
