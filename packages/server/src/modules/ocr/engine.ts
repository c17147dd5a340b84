import { createRequire } from 'node:module';
import type Tesseract from 'tesseract.js';
import type { FileTextWord } from '@kinfolio/contract';
import { modelFolder, type ModelCode } from './traineddata.js';

const requireHere = createRequire(import.meta.url);

/** What the engine read in one image. */
export interface Recognition {
  text: string;
  /** Mean confidence of the words, 0–100 (0 when none). */
  confidence: number;
  words: FileTextWord[];
}

/** A worker left idle this long is ended: its models hold a few hundred megabytes. */
const IDLE_MS = 60_000;

let current: { worker: Tesseract.Worker; langs: string } | undefined;
let idle: NodeJS.Timeout | undefined;
let queue: Promise<unknown> = Promise.resolve();

/**
 * One reading at a time per process, on one tesseract worker (a thread with its WebAssembly
 * engine): two at once would double the memory for the same throughput on two cores, and the
 * tests and the backfill share it. Its languages change with the scan's (reinitialized in place).
 */
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work);
  queue = run.catch(() => undefined);
  return run;
}

async function workerFor(models: readonly ModelCode[]): Promise<Tesseract.Worker> {
  const langs = [...models].sort().join('+');
  if (current?.langs === langs) return current.worker;
  const tesseract = requireHere('tesseract.js') as typeof Tesseract;
  if (current) {
    await current.worker.reinitialize(langs, tesseract.OEM.LSTM_ONLY);
    current.langs = langs;
    return current.worker;
  }
  const worker = await tesseract.createWorker(langs, tesseract.OEM.LSTM_ONLY, {
    // The installed models only: never the CDN, never a cache written in the working folder.
    langPath: modelFolder(),
    cacheMethod: 'none',
    gzip: true,
    logger: () => undefined,
    errorHandler: () => undefined,
  });
  current = { worker, langs };
  return worker;
}

function scheduleEnd() {
  if (idle) clearTimeout(idle);
  idle = setTimeout(() => void endOcrEngine(), IDLE_MS);
  idle.unref();
}

/** Ends the worker now (idle, or a process shutting down). */
export async function endOcrEngine(): Promise<void> {
  if (idle) clearTimeout(idle);
  idle = undefined;
  const ending = current;
  current = undefined;
  await ending?.worker.terminate().catch(() => undefined);
}

const round = (n: number) => Math.round(n * 10_000) / 10_000;

/**
 * Reads the text of one image (PNG or JPEG bytes, `width` × `height` pixels) with these
 * models. Small skews are straightened by the engine (`rotateAuto`); quarter turns are the
 * caller's (read.ts). Words keep their boxes relative to the image (0..1).
 */
export function recognize(
  image: Buffer,
  size: { width: number; height: number },
  models: readonly ModelCode[],
): Promise<Recognition> {
  return oneAtATime(async () => {
    if (idle) clearTimeout(idle);
    try {
      const worker = await workerFor(models);
      const { data } = await worker.recognize(
        image,
        { rotateAuto: true },
        { text: true, blocks: true },
      );
      const words: FileTextWord[] = [];
      for (const block of data.blocks ?? []) {
        for (const paragraph of block.paragraphs) {
          for (const line of paragraph.lines) {
            for (const word of line.words) {
              if (!word.text.trim()) continue;
              const { x0, y0, x1, y1 } = word.bbox;
              words.push({
                text: word.text,
                confidence: Math.round(word.confidence),
                box: {
                  x: round(x0 / size.width),
                  y: round(y0 / size.height),
                  width: round((x1 - x0) / size.width),
                  height: round((y1 - y0) / size.height),
                },
              });
            }
          }
        }
      }
      return {
        text: tidy(data.text),
        confidence: words.length ? Math.round(data.confidence) : 0,
        words,
      };
    } finally {
      scheduleEnd();
    }
  });
}

/** Lines without trailing spaces, at most one blank line in a row, no blank start or end. */
export function tidy(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
