import { peakCount, peaks } from './timeline';

export interface DecodedPart {
  duration: number;
  /** Waveform points, or null when the browser could not decode the part (then drawn flat). */
  peaks: number[] | null;
}

/** Decoding at a low rate keeps an hour of tape to a few megabytes; a waveform needs no more. */
const DECODE_RATE = 8000;

/**
 * A part's length and waveform. The bytes are read here (they are a file download, not an API
 * answer) and decoded by the browser; the player itself streams the file from its address.
 */
export async function decodePart(url: string, signal: AbortSignal): Promise<DecodedPart> {
  try {
    const response = await fetch(url, { signal, credentials: 'same-origin' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const context = new OfflineAudioContext(1, 1, DECODE_RATE);
    const buffer = await context.decodeAudioData(await response.arrayBuffer());
    return {
      duration: buffer.duration,
      peaks: peaks(buffer.getChannelData(0), peakCount(buffer.duration)),
    };
  } catch (error) {
    if (signal.aborted) throw error;
    return { duration: await metadataDuration(url, signal), peaks: null };
  }
}

/** The length the browser reads from the file's header, or 0 when it cannot read it. */
function metadataDuration(url: string, signal: AbortSignal): Promise<number> {
  return new Promise((resolve) => {
    const audio = document.createElement('audio');
    audio.preload = 'metadata';
    const done = (value: number) => {
      audio.removeAttribute('src');
      resolve(Number.isFinite(value) ? value : 0);
    };
    audio.addEventListener('loadedmetadata', () => done(audio.duration), { once: true });
    audio.addEventListener('error', () => done(0), { once: true });
    signal.addEventListener('abort', () => done(0), { once: true });
    audio.src = url;
  });
}
