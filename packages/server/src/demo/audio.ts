import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ffmpegPath } from '../modules/records/index.js';

const run = promisify(execFile);

export interface SpeechLikeOptions {
  seconds: number;
  /** The voice's fundamental frequency, in Hz (about 110 for a low voice, 210 for a high one). */
  pitch: number;
  /** Varies syllable rhythm and intonation, so parts do not all sound the same. */
  variant: number;
}

/**
 * A few seconds of MP3 that sound like someone talking (demo data, not speech): a voiced tone
 * with three harmonics whose pitch rises and falls, a little breath noise, cut into syllables
 * (about four a second) and phrases with pauses, band-limited like a telephone or a cassette.
 * The pitch glide is integrated into the phase, so the tone never chirps away from the voice.
 */
export async function speechLikeMp3(options: SpeechLikeOptions): Promise<Buffer> {
  const f0 = options.pitch;
  const glide = 0.5 + (options.variant % 5) * 0.12;
  const depth = f0 * 0.18;
  const syllables = 3.6 + (options.variant % 3) * 0.4;
  const phrase = 0.3 + (options.variant % 4) * 0.04;
  const phase = `(2*PI*${f0}*t-${(depth / glide).toFixed(3)}*cos(2*PI*${glide}*t))`;
  // The second and third harmonics swell and fade at their own pace, as vowels change.
  const voice =
    `(0.55*sin(${phase})+0.3*(1+0.6*sin(2*PI*3.1*t))*sin(2*${phase})` +
    `+0.15*(1+0.8*sin(2*PI*4.7*t+1))*sin(3*${phase})+0.05*(random(0)*2-1))`;
  // Syllables of uneven length and stress, in phrases with short pauses between them.
  const envelope =
    `pow(abs(sin(2*PI*${syllables}*t+0.9*sin(2*PI*0.9*t))),1.5)*(0.65+0.35*sin(2*PI*1.3*t))` +
    `*gt(sin(2*PI*${phrase}*t+${options.variant}),-0.8)`;
  const seconds = options.seconds.toFixed(2);
  const fadeOut = Math.max(0, options.seconds - 0.25).toFixed(2);
  const { stdout } = await run(
    ffmpegPath(),
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `aevalsrc='${voice}*${envelope}':s=22050:d=${seconds}`,
      '-af',
      `highpass=f=80,lowpass=f=3400,lowpass=f=3400,afade=t=in:d=0.1,afade=t=out:st=${fadeOut}:d=0.25,volume=0.8`,
      '-ac',
      '1',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '48k',
      '-f',
      'mp3',
      'pipe:1',
    ],
    { encoding: 'buffer', maxBuffer: 16 * 1024 * 1024 },
  );
  return stdout;
}
