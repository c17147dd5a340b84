import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sineFile } from '../../test/audio.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-ffmpeg-orphan-'));

/** The pids of `parent`'s children, read from /proc. */
function childrenOf(parent: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        // Fields after the command's closing parenthesis: state, then the parent's pid.
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Whether `pid` still runs (an unreaped zombie has stopped running). */
function running(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

const waitFor = async (test: () => boolean, ms: number) => {
  for (const end = Date.now() + ms; Date.now() < end;) {
    if (test()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return test();
};

describe.runIf(process.platform === 'linux')('an MP3 encoding whose worker is killed', () => {
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('stops ffmpeg with it instead of encoding for nobody', async () => {
    // Twenty minutes of sound: long enough to be killed in the middle of its encoding.
    const input = path.join(tmp, 'long.mp3');
    await sineFile(input, 1200, 440, { rate: 8000 });
    const worker = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(import.meta.dirname, 'test-fixtures/encode-one.ts'),
        input,
        path.join(tmp, 'out.mp3'),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    worker.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    expect(await waitFor(() => output.includes('progress'), 90_000)).toBe(true);
    const ffmpeg = childrenOf(worker.pid!).filter((pid) =>
      fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('libmp3lame'),
    );
    expect(ffmpeg).toHaveLength(1);
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.kill('SIGKILL');
    await exited;
    const stopped = await waitFor(() => !running(ffmpeg[0]!), 10_000);
    if (!stopped) process.kill(ffmpeg[0]!, 'SIGKILL');
    expect(stopped).toBe(true);
  }, 150_000);
});
