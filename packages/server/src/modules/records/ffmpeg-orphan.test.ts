import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { sineFile } from '../../test/audio.js';
import { queueBackends, queueSuite, until } from '../../test/queues.js';
import { encodeMp3 } from './mp3.js';

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

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe.runIf(process.platform === 'linux')('an MP3 encoding whose worker is killed', () => {
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

/** The ffmpeg runs of this process whose command line holds `mark`. */
const ffmpegsMarked = (mark: string) =>
  childrenOf(process.pid).filter((pid) => {
    try {
      return running(pid) && fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(mark);
    } catch {
      return false;
    }
  });

describe.runIf(process.platform === 'linux').each(queueBackends)(
  'an MP3 job its worker gives up: $name',
  ({ name, make }) => {
    const { skip, unique, queue, forget } = queueSuite(name, make);

    it.skipIf(skip)(
      'stops its ffmpeg at once instead of encoding for nobody',
      async () => {
        const input = path.join(tmp, `long-${name.slice(0, 4)}.mp3`);
        await sineFile(input, 1200, 440, { rate: 8000 });
        // The title lands on ffmpeg's command line: it tells this test's ffmpeg from others'.
        const mark = `abandoned-${randomBytes(6).toString('hex')}`;
        let started = false;
        let outcome: unknown = 'still running';
        const q = queue();
        const job = q.define<null>(
          unique('mp3'),
          async (_p, run) => {
            try {
              await encodeMp3({
                inputs: [input],
                tags: { title: mark, owner: 'test', date: '', people: [] },
                output: fs.createWriteStream(path.join(tmp, `${mark}.mp3`)),
                onProgress: () => (started = true),
                signal: run.signal,
              });
              outcome = 'finished';
            } catch (error) {
              outcome = error;
            }
          },
          { leaseMs: 60_000, attempts: 1 },
        );
        await q.start();
        await job.enqueue(null);
        await until(
          async () => started && ffmpegsMarked(mark).length,
          (n) => n === 1,
          90_000,
        );
        const [ffmpeg] = ffmpegsMarked(mark);
        await q.abandon();
        forget(q);
        const stopped = await waitFor(() => !running(ffmpeg!), 5_000);
        if (!stopped) process.kill(ffmpeg!, 'SIGKILL');
        expect(stopped).toBe(true);
        await until(
          async () => outcome,
          (value) => value !== 'still running',
        );
        expect(outcome).toBeInstanceOf(Error);
      },
      150_000,
    );
  },
);
