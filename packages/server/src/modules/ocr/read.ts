import type { FileTextPage, FileTextReason } from '@kinfolio/contract';
import { FILE_TEXT_LIMITS } from '@kinfolio/contract';
import type * as MuPdfModule from 'mupdf';
import sharp from 'sharp';
import { recognize, tidy, type Recognition } from './engine.js';
import type { ModelCode } from './traineddata.js';

/** What reading a scan gave: its pages, or why it holds no text. */
export interface Reading {
  status: 'done' | 'failed';
  reason: FileTextReason | null;
  text: string;
  confidence: number | null;
  pages: FileTextPage[];
}

/** An A4 page at 300 dpi: the longest side read; larger scans are scaled down to it. */
export const PAGE_PIXELS = 3508;
/** Below this, a picture is enlarged: the engine reads letters of 20–40 pixels best. */
const SMALL_SIDE = 1200;
/** A reading under this confidence is tried turned a quarter, half and three quarters. */
const TRY_TURNS_BELOW = 70;
/** The turns are compared on a smaller copy, then the best read in full. */
const PROBE_PIXELS = 1400;
/** Picture results under this (or with too few sure words) are photos, not documents. */
const LOW_CONFIDENCE = 50;
const SURE_WORD = 70;
const SURE_WORDS_MIN = 3;
/** Letters a PDF page's own text needs to be taken as its text (else it is a scan). */
const TEXT_LAYER_MIN = 20;

export const isPdf = (mime: string) => mime === 'application/pdf';
/** Pictures sharp decodes (an SVG is drawn, not scanned). */
export const isScanPicture = (mime: string) =>
  mime.startsWith('image/') && mime !== 'image/svg+xml';
export const isReadable = (mime: string) => isPdf(mime) || isScanPicture(mime);

interface Prepared {
  png: Buffer;
  width: number;
  height: number;
}

/** Grey, upright as shown (EXIF), at most an A4 page at 300 dpi, small ones enlarged. */
async function prepare(bytes: Buffer, turn = 0, longest = PAGE_PIXELS): Promise<Prepared> {
  const image = sharp(bytes, { limitInputPixels: 200_000_000 }).rotate();
  const meta = await sharp(bytes, { limitInputPixels: 200_000_000 }).metadata();
  const side = Math.max(meta.width ?? 0, meta.height ?? 0);
  const target = side < SMALL_SIDE && longest === PAGE_PIXELS ? side * 2 : Math.min(side, longest);
  const pipeline = image
    .resize({ width: target, height: target, fit: 'inside' })
    .grayscale()
    .rotate(turn);
  const { data, info } = await pipeline.png().toBuffer({ resolveWithObject: true });
  return { png: data, width: info.width, height: info.height };
}

/**
 * Reads one picture upright: as shown, and if the engine is unsure, each quarter turn on a
 * smaller copy, the best of which is read in full (a letter photographed sideways).
 */
async function readUpright(
  bytes: Buffer,
  models: readonly ModelCode[],
): Promise<Recognition & { rotation: number }> {
  const upright = await prepare(bytes);
  const first = await recognize(upright.png, upright, models);
  if (first.confidence >= TRY_TURNS_BELOW) return { ...first, rotation: 0 };
  let best = { turn: 0, confidence: -1 };
  for (const turn of [0, 90, 180, 270]) {
    const probe = await prepare(bytes, turn, PROBE_PIXELS);
    const read = await recognize(probe.png, probe, models);
    const score = read.confidence * Math.min(1, read.words.length / SURE_WORDS_MIN);
    if (score > best.confidence) best = { turn, confidence: score };
  }
  if (best.turn === 0) return { ...first, rotation: 0 };
  const turned = await prepare(bytes, best.turn);
  const read = await recognize(turned.png, turned, models);
  return read.confidence > first.confidence
    ? { ...read, rotation: best.turn }
    : { ...first, rotation: 0 };
}

/** Reads a picture; an empty or very unsure result (a photo of people) is skipped, and why. */
export async function readPicture(bytes: Buffer, models: readonly ModelCode[]): Promise<Reading> {
  let read: Recognition & { rotation: number };
  try {
    read = await readUpright(bytes, models);
  } catch (error) {
    if (isUndecodable(error)) return failed();
    throw error;
  }
  const sure = read.words.filter((word) => word.confidence >= SURE_WORD).length;
  const reason: FileTextReason | null = !read.text
    ? 'empty'
    : read.confidence < LOW_CONFIDENCE || sure < SURE_WORDS_MIN
      ? 'low_confidence'
      : null;
  const page: FileTextPage = {
    page: 1,
    text: read.text,
    confidence: read.confidence,
    source: 'ocr',
    rotation: read.rotation,
    words: read.words,
  };
  return {
    status: 'done',
    reason,
    text: reason ? '' : read.text,
    confidence: read.confidence,
    pages: [page],
  };
}

type MuPdf = typeof MuPdfModule;
let mupdf: Promise<MuPdf> | undefined;

/**
 * Reads a PDF page by page (up to FILE_TEXT_LIMITS.pdfPagesMax): a page with its own text layer
 * gives that text; a scanned page is drawn in grey at 300 dpi (an A4 page at most) and read.
 */
export async function readPdf(bytes: Buffer, models: readonly ModelCode[]): Promise<Reading> {
  // Loaded on the first PDF only: its WebAssembly module is large.
  const { Document, Matrix, ColorSpace } = await (mupdf ??= import('mupdf'));
  let document: InstanceType<MuPdf['Document']>;
  try {
    document = Document.openDocument(bytes, 'application/pdf');
  } catch {
    return failed();
  }
  const pages: FileTextPage[] = [];
  try {
    const count = Math.min(document.countPages(), FILE_TEXT_LIMITS.pdfPagesMax);
    for (let index = 0; index < count; index++) {
      const page = document.loadPage(index);
      try {
        const own = tidy(page.toStructuredText('preserve-whitespace').asText());
        if ((own.match(/\p{L}/gu)?.length ?? 0) >= TEXT_LAYER_MIN) {
          pages.push({
            page: index + 1,
            text: own,
            confidence: 100,
            source: 'pdf_text',
            rotation: 0,
            words: [],
          });
          continue;
        }
        const [x0, y0, x1, y1] = page.getBounds();
        const scale = Math.min(300 / 72, PAGE_PIXELS / Math.max(x1 - x0, y1 - y0, 1));
        const pixmap = page.toPixmap(Matrix.scale(scale, scale), ColorSpace.DeviceGray, false);
        const png = Buffer.from(pixmap.asPNG());
        pixmap.destroy();
        const read = await readUpright(png, models);
        pages.push({
          page: index + 1,
          text: read.text,
          confidence: read.confidence,
          source: 'ocr',
          rotation: read.rotation,
          words: read.words,
        });
      } finally {
        page.destroy();
      }
    }
  } finally {
    document.destroy();
  }
  const text = pages
    .map((page) => page.text)
    .filter(Boolean)
    .join('\n\n');
  const confidence = pages.length
    ? Math.round(pages.reduce((sum, page) => sum + page.confidence, 0) / pages.length)
    : null;
  return { status: 'done', reason: text ? null : 'empty', text, confidence, pages };
}

const failed = (): Reading => ({
  status: 'failed',
  reason: 'unreadable',
  text: '',
  confidence: null,
  pages: [],
});

/** sharp's refusals of bytes that are no image it can read. */
function isUndecodable(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return /unsupported image format|Input buffer|corrupt|bad seek|VipsJpeg|pngload|Input file/i.test(
    message,
  );
}
