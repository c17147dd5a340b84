import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ffmpegPath } from '../modules/records/index.js';

const run = promisify(execFile);

/** Writes `file` from one of ffmpeg's generated sources (`lavfi`), with `args` before it. */
export async function lavfiFile(file: string, source: string, args: string[] = []) {
  await run(ffmpegPath(), [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    source,
    ...args,
    '-y',
    file,
  ]);
  return file;
}

/** A sine tone of `seconds`, encoded by ffmpeg in the format the extension names. */
export async function sineFile(
  file: string,
  seconds: number,
  frequency: number,
  options: { rate?: number; channels?: number } = {},
): Promise<string> {
  return lavfiFile(file, `sine=frequency=${frequency}:duration=${seconds}`, [
    '-ar',
    String(options.rate ?? 22050),
    '-ac',
    String(options.channels ?? 1),
  ]);
}
