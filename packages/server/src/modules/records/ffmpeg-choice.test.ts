import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { afterAll, describe, expect, it } from 'vitest';
import { chooseTool, runFfmpeg } from './ffmpeg.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-ffmpeg-choice-'));
const saved = { FFMPEG_PATH: process.env.FFMPEG_PATH, PATH: process.env.PATH };

/** An executable script `name` in `dir` that runs `body`. */
function script(dir: string, name: string, body: string): string {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  fs.writeFileSync(file, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  return file;
}

const running = (pid: number) => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
};

describe.runIf(process.platform === 'linux')('the ffmpeg that decodes uploads', () => {
  afterAll(() => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('is the setting’s, else the system’s on PATH, else the bundled one', () => {
    process.env.FFMPEG_PATH = '/opt/ffmpeg/bin/ffmpeg';
    expect(chooseTool('ffmpeg', ffmpegInstaller.path)).toEqual({
      path: '/opt/ffmpeg/bin/ffmpeg',
      source: 'setting',
    });
    delete process.env.FFMPEG_PATH;
    // ffprobe here, so the ffmpeg one's cached choice is not what is read.
    process.env.PATH = path.join(tmp, 'empty');
    expect(chooseTool('ffprobe', '/bundled/ffprobe')).toEqual({
      path: '/bundled/ffprobe',
      source: 'bundled',
    });
    script(path.join(tmp, 'bin'), 'ffmpeg', 'exit 0');
    process.env.PATH = path.join(tmp, 'bin');
    expect(chooseTool('ffmpeg', '/bundled/ffmpeg')).toEqual({ path: 'ffmpeg', source: 'PATH' });
    process.env.PATH = saved.PATH;
  });

  it('is killed when it runs past its time limit, failing cleanly', async () => {
    const pidFile = path.join(tmp, 'pid');
    process.env.FFMPEG_PATH = script(tmp, 'hanging-ffmpeg', `echo $$ > ${pidFile}\nexec sleep 600`);
    await expect(runFfmpeg([], () => undefined, undefined, undefined, 300)).rejects.toThrow(
      /ffmpeg took longer than 300 ms: stopped/,
    );
    const pid = Number(fs.readFileSync(pidFile, 'utf8'));
    expect(running(pid)).toBe(false);
  });
});
