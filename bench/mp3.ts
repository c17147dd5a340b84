/**
 * `npm run bench -- --only mp3 [--mp3-minutes M --mp3-parts N --label L]`: the records' MP3
 * generation (packages/server/src/modules/records/mp3.ts) on M minutes of speech-like audio in N
 * parts, alternately WAV (44.1 kHz stereo, a digitised cassette) and MP3 (22.05 kHz mono, a phone
 * memo). Reports the speed as a multiple of real time (audio seconds per wall-clock second, probing
 * included) and the peak memory of ffmpeg (its own maxrss) and of the Node process driving it.
 * Writes bench/results/<date>-mp3-<M>min[-<label>].json and .md. Not a timed test: nothing fails.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { speechLikeMp3 } from '../packages/server/src/demo/audio.js';
import { encodeMp3, ffmpegPath } from '../packages/server/src/modules/records/index.js';

const run = promisify(execFile);

export interface Mp3BenchResult {
  date: string;
  audioSeconds: number;
  parts: { format: string; seconds: number; bytes: number }[];
  wallSeconds: number;
  /** Audio seconds made per wall-clock second. */
  realTimeMultiple: number;
  /** Audio seconds made per second of ffmpeg's CPU time: what one free core would do. */
  perCpuSecondMultiple: number;
  ffmpegCpuSeconds: number;
  /** The machine's 1-minute load average when it ended (a shared machine slows the wall time). */
  loadAverage: number;
  outputBytes: number;
  ffmpegPeakRssMegabytes: number;
  nodePeakRssMegabytes: number;
  cpus: string;
  ffmpeg: string;
  node: string;
}

const mb = (bytes: number) => Math.round(bytes / 1e5) / 10;

/** One part of `seconds`, made by looping the clip: WAV stereo 44.1 kHz or the clip's own MP3. */
async function makePart(clip: string, file: string, seconds: number, wav: boolean) {
  const loops = Math.ceil(seconds / 60);
  await run(ffmpegPath(), [
    '-hide_banner',
    '-loglevel',
    'error',
    '-stream_loop',
    String(loops),
    '-i',
    clip,
    '-t',
    String(seconds),
    ...(wav ? ['-ar', '44100', '-ac', '2', '-c:a', 'pcm_s16le'] : ['-c:a', 'copy']),
    '-y',
    file,
  ]);
}

export async function runMp3Bench(minutes: number, partCount: number): Promise<Mp3BenchResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-bench-mp3-'));
  try {
    const clip = path.join(dir, 'clip.mp3');
    const t0 = performance.now();
    fs.writeFileSync(clip, await speechLikeMp3({ seconds: 60, pitch: 140, variant: 3 }));
    const seconds = Math.round((minutes * 60) / partCount);
    const inputs: string[] = [];
    const parts: Mp3BenchResult['parts'] = [];
    for (let i = 0; i < partCount; i += 1) {
      const wav = i % 2 === 0;
      const file = path.join(dir, `part-${i}.${wav ? 'wav' : 'mp3'}`);
      await makePart(clip, file, seconds, wav);
      inputs.push(file);
      parts.push({
        format: wav ? 'WAV 44.1 kHz stereo' : 'MP3 22.05 kHz mono 48 kb/s',
        seconds,
        bytes: fs.statSync(file).size,
      });
    }
    const made = ((performance.now() - t0) / 1000).toFixed(1);
    console.log(`  mp3: ${partCount} parts, ${minutes} min of audio made in ${made} s; joining…`);

    let nodePeak = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      nodePeak = Math.max(nodePeak, process.memoryUsage().rss);
    }, 100);
    const output = path.join(dir, 'record.mp3');
    let shown = 0;
    const started = performance.now();
    const result = await encodeMp3({
      inputs,
      tags: { title: 'Bench', owner: 'Bench', date: '1987-06-14', people: ['A', 'B'] },
      output: fs.createWriteStream(output),
      onProgress: (fraction) => {
        if (fraction >= shown + 0.25) {
          shown = Math.floor(fraction * 4) / 4;
          console.log(`  mp3: ${Math.round(fraction * 100)} %`);
        }
      },
    });
    const wallSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const { stdout } = await run(ffmpegPath(), ['-hide_banner', '-version']);
    return {
      date: new Date().toISOString(),
      audioSeconds: Math.round(result.duration * 10) / 10,
      parts,
      wallSeconds: Math.round(wallSeconds * 100) / 100,
      realTimeMultiple: Math.round((result.duration / wallSeconds) * 10) / 10,
      perCpuSecondMultiple: Math.round((result.duration / result.cpuSeconds) * 10) / 10,
      ffmpegCpuSeconds: Math.round(result.cpuSeconds * 100) / 100,
      loadAverage: Math.round(os.loadavg()[0]! * 10) / 10,
      outputBytes: fs.statSync(output).size,
      ffmpegPeakRssMegabytes: mb(result.maxRssBytes),
      nodePeakRssMegabytes: mb(nodePeak),
      cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown'}`,
      ffmpeg: (stdout.split('\n')[0] ?? '')
        .replace(/\s+Copyright.*$/, '')
        .replace(/\s+https?:\S+/, ''),
      node: process.version,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function mp3Report(r: Mp3BenchResult): string {
  return [
    `# MP3 generation, ${r.date.slice(0, 10)}`,
    '',
    `${r.cpus} (load average ${r.loadAverage} at the end); ${r.ffmpeg}; Node ${r.node}.`,
    '',
    '| Measure | Value |',
    '| --- | --- |',
    `| Audio joined | ${(r.audioSeconds / 60).toFixed(1)} min in ${r.parts.length} parts (${[
      ...new Set(r.parts.map((p) => p.format)),
    ].join(', ')}) |`,
    `| Wall-clock time (probe, join, loudnorm, encode) | ${r.wallSeconds} s |`,
    `| Speed (wall clock) | ${r.realTimeMultiple} × real time |`,
    `| ffmpeg CPU time | ${r.ffmpegCpuSeconds} s: ${r.perCpuSecondMultiple} × real time per core |`,
    `| ffmpeg peak RSS | ${r.ffmpegPeakRssMegabytes} MB |`,
    `| Node process peak RSS | ${r.nodePeakRssMegabytes} MB |`,
    `| Output | ${mb(r.outputBytes)} MB |`,
    '',
  ].join('\n');
}
