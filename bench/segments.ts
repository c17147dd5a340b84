/**
 * `npm run bench -- --only segments [--segments-minutes M --label L]`: the records' segment
 * detection (packages/server/src/modules/records/segments) on M minutes (60) of speech-like
 * audio in two parts, a WAV (44.1 kHz stereo, a digitised cassette) then an MP3 (22.05 kHz mono,
 * a phone memo), each minute of talk followed by a 2.5 s pause: ffmpeg's silencedetect over the
 * joined parts, then the segments proposed from its silences, as the job does (without the
 * database). Target: under 30 s for an hour. Writes bench/results/<date>-segments-<M>min[-<label>]
 * .json and .md. Not a timed test: nothing fails.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { speechLikeMp3 } from '../packages/server/src/demo/audio.js';
import {
  ffmpegPath,
  findSilences,
  proposeSegments,
} from '../packages/server/src/modules/records/index.js';

const run = promisify(execFile);

export const SEGMENTS_TARGET_SECONDS = 30;

export interface SegmentsBenchResult {
  date: string;
  audioSeconds: number;
  parts: { format: string; seconds: number; bytes: number }[];
  wallSeconds: number;
  ffmpegCpuSeconds: number;
  ffmpegPeakRssMegabytes: number;
  silences: number;
  segments: number;
  /** Of the segments, the shortest and longest, in seconds. */
  shortest: number;
  longest: number;
  loadAverage: number;
  cpus: string;
  ffmpeg: string;
  node: string;
}

const mb = (bytes: number) => Math.round(bytes / 1e5) / 10;

/** One part of `seconds`: the talk-and-pause unit looped, as WAV stereo 44.1 kHz or MP3 mono. */
async function makePart(unit: string, file: string, seconds: number, wav: boolean) {
  await run(ffmpegPath(), [
    '-hide_banner',
    '-loglevel',
    'error',
    '-stream_loop',
    String(Math.ceil(seconds / 60)),
    '-i',
    unit,
    '-t',
    String(seconds),
    ...(wav
      ? ['-ar', '44100', '-ac', '2', '-c:a', 'pcm_s16le']
      : ['-ar', '22050', '-ac', '1', '-c:a', 'libmp3lame', '-b:a', '48k']),
    '-y',
    file,
  ]);
}

export async function runSegmentsBench(minutes: number): Promise<SegmentsBenchResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-bench-segments-'));
  try {
    const clip = path.join(dir, 'clip.mp3');
    fs.writeFileSync(clip, await speechLikeMp3({ seconds: 60, pitch: 140, variant: 3 }));
    // A minute of talk, then a pause: where a speaker turns to the next memory.
    const unit = path.join(dir, 'unit.wav');
    await run(ffmpegPath(), [
      '-hide_banner',
      '-loglevel',
      'error',
      '-i',
      clip,
      '-af',
      // Samples, not seconds: the bundled ffmpeg's apad has no pad_dur.
      'aresample=22050,apad=pad_len=55125',
      '-ar',
      '22050',
      '-ac',
      '1',
      '-y',
      unit,
    ]);
    const half = Math.round((minutes * 60) / 2);
    const inputs: string[] = [];
    const parts: SegmentsBenchResult['parts'] = [];
    for (const wav of [true, false]) {
      const file = path.join(dir, `part-${inputs.length}.${wav ? 'wav' : 'mp3'}`);
      await makePart(unit, file, half, wav);
      inputs.push(file);
      parts.push({
        format: wav ? 'WAV 44.1 kHz stereo' : 'MP3 22.05 kHz mono 48 kb/s',
        seconds: half,
        bytes: fs.statSync(file).size,
      });
    }
    console.log(`  segments: ${minutes} min of audio in 2 parts made; detecting…`);
    const started = performance.now();
    let shown = 0;
    const scan = await findSilences({
      inputs,
      onProgress: (fraction) => {
        if (fraction >= shown + 0.25) {
          shown = Math.floor(fraction * 4) / 4;
          console.log(`  segments: ${Math.round(fraction * 100)} %`);
        }
      },
    });
    const segments = proposeSegments(scan.silences, scan.duration, {
      minLength: 20,
      maxLength: 600,
    });
    const wallSeconds = (performance.now() - started) / 1000;
    const lengths = segments.map((s) => s.end - s.start);
    const { stdout } = await run(ffmpegPath(), ['-hide_banner', '-version']);
    return {
      date: new Date().toISOString(),
      audioSeconds: Math.round(scan.duration * 10) / 10,
      parts,
      wallSeconds: Math.round(wallSeconds * 100) / 100,
      ffmpegCpuSeconds: Math.round(scan.cpuSeconds * 100) / 100,
      ffmpegPeakRssMegabytes: mb(scan.maxRssBytes),
      silences: scan.silences.length,
      segments: segments.length,
      shortest: Math.round(Math.min(...lengths) * 10) / 10,
      longest: Math.round(Math.max(...lengths) * 10) / 10,
      loadAverage: Math.round(os.loadavg()[0]! * 10) / 10,
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

export function segmentsReport(r: SegmentsBenchResult): string {
  const verdict = r.wallSeconds < SEGMENTS_TARGET_SECONDS ? 'met' : 'missed';
  return [
    `# Segment detection, ${r.date.slice(0, 10)}`,
    '',
    `${r.cpus} (load average ${r.loadAverage} at the end); ${r.ffmpeg}; Node ${r.node}.`,
    '',
    '| Measure | Value |',
    '| --- | --- |',
    `| Audio scanned | ${(r.audioSeconds / 60).toFixed(1)} min in ${r.parts.length} parts (${r.parts
      .map((p) => p.format)
      .join(', ')}) |`,
    `| Wall-clock time (probe, decode, silencedetect, proposal) | ${r.wallSeconds} s (target < ${SEGMENTS_TARGET_SECONDS} s: ${verdict}) |`,
    `| ffmpeg CPU time | ${r.ffmpegCpuSeconds} s |`,
    `| ffmpeg peak RSS | ${r.ffmpegPeakRssMegabytes} MB |`,
    `| Silences found | ${r.silences} |`,
    `| Segments proposed | ${r.segments} (${r.shortest} s to ${r.longest} s) |`,
    '',
  ].join('\n');
}
