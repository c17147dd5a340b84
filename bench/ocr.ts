/**
 * `npm run bench -- --only ocr [--ocr-pages N --label L]`: OCR of scans (modules/ocr). A typed A4
 * page at 300 dpi (2480 × 3508, thirty lines of French drawn from SVG by sharp) read as the job
 * reads a picture (readPicture: grey, upright, tesseract with the French model), `--ocr-pages`
 * times after a first cold read (the engine's thread and model loaded); then the same page as a
 * scanned one-page PDF (drawn by mupdf at 300 dpi, then read). Wall and CPU seconds per page,
 * the words found and how many of the page's words came back, and the process's peak memory
 * (VmHWM, the engine's thread included). The target: under 10 s a page, memory bounded.
 * Writes bench/results/<date>-ocr[-<label>].json and .md. Not a timed test: nothing fails.
 */
import fs from 'node:fs';
import os from 'node:os';
import * as mupdf from 'mupdf';
import sharp from 'sharp';
import {
  endOcrEngine,
  modelsFor,
  readPdf,
  readPicture,
} from '../packages/server/src/modules/ocr/index.js';

const WIDTH = 2480;
const HEIGHT = 3508;

const SENTENCES = [
  'Ma chère Hélène, je t’écris de Bordeaux où la moisson a commencé',
  'sous un soleil qui ne nous laisse aucun répit depuis trois semaines.',
  'Ton père a loué deux hommes de plus pour rentrer le blé avant l’orage',
  'et ta grand-mère prépare les conserves de tomates dans la cuisine.',
  'Les enfants du voisin viennent chaque soir jouer près de la rivière',
  'et nous parlons souvent de toi, de ton travail et de ta vie à Paris.',
];

export interface OcrBenchResult {
  date: string;
  page: { width: number; height: number; dpi: number; words: number };
  cold: { seconds: number };
  pictures: {
    seconds: number[];
    cpuSeconds: number[];
    confidence: number;
    wordsFound: number;
    recall: number;
  };
  pdf: { seconds: number; confidence: number };
  peakRssMegabytes: number;
  loadAverage: number;
  cpus: string;
  node: string;
}

function pageLines(): string[] {
  return Array.from({ length: 30 }, (_, i) => SENTENCES[i % SENTENCES.length]!);
}

async function a4Page(lines: string[]): Promise<Buffer> {
  const size = 50; // 12 pt at 300 dpi
  const escape = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const text = lines
    .map(
      (l, i) =>
        `<text x="240" y="${300 + i * size * 1.6}" font-family="DejaVu Serif, serif" font-size="${size}">${escape(l)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><rect width="100%" height="100%" fill="white"/>${text}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

function onePagePdf(png: Buffer): Buffer {
  const doc = new mupdf.PDFDocument();
  const image = new mupdf.Image(png);
  const resources = doc.addObject({ XObject: { I0: doc.addImage(image) } });
  doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, resources, 'q 595 0 0 842 0 0 cm /I0 Do Q'));
  return Buffer.from(doc.saveToBuffer('compress').asUint8Array());
}

function peakRssMegabytes(): number {
  const status = fs.readFileSync('/proc/self/status', 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
const round = (n: number) => Math.round(n * 100) / 100;
const normal = (w: string) => w.toLowerCase().replace(/[^\p{L}]/gu, '');

export async function runOcrBench(pages: number): Promise<OcrBenchResult> {
  const lines = pageLines();
  const png = await a4Page(lines);
  const { models } = modelsFor(['fr']);
  const expected = lines.join(' ').split(/\s+/).map(normal).filter(Boolean);

  let start = performance.now();
  await readPicture(png, models);
  const cold = (performance.now() - start) / 1000;

  const seconds: number[] = [];
  const cpuSeconds: number[] = [];
  let last = await readPicture(png, models);
  for (let i = 0; i < pages; i++) {
    start = performance.now();
    const before = cpu();
    last = await readPicture(png, models);
    seconds.push(round((performance.now() - start) / 1000));
    // The engine's thread is this process's: its CPU time counts here.
    cpuSeconds.push(round(cpu() - before));
  }
  const found = last.text.split(/\s+/).map(normal).filter(Boolean);
  const pool = new Map<string, number>();
  for (const w of found) pool.set(w, (pool.get(w) ?? 0) + 1);
  let matched = 0;
  for (const w of expected) {
    const n = pool.get(w) ?? 0;
    if (n > 0) {
      matched += 1;
      pool.set(w, n - 1);
    }
  }

  start = performance.now();
  const pdf = await readPdf(onePagePdf(png), models);
  const pdfSeconds = (performance.now() - start) / 1000;
  await endOcrEngine();

  return {
    date: new Date().toISOString(),
    page: { width: WIDTH, height: HEIGHT, dpi: 300, words: expected.length },
    cold: { seconds: round(cold) },
    pictures: {
      seconds,
      cpuSeconds,
      confidence: last.confidence ?? 0,
      wordsFound: found.length,
      recall: round((matched / expected.length) * 100),
    },
    pdf: { seconds: round(pdfSeconds), confidence: pdf.confidence ?? 0 },
    peakRssMegabytes: peakRssMegabytes(),
    loadAverage: round(os.loadavg()[0]!),
    cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}`,
    node: process.version,
  };
}

export function ocrReport(r: OcrBenchResult): string {
  const p = r.pictures;
  return [
    `# OCR of a 300-dpi A4 page, ${r.date.slice(0, 10)}`,
    '',
    `${r.cpus} (load average ${r.loadAverage} at the end); Node ${r.node}; tesseract.js 7, LSTM, fra best_int.`,
    '',
    `Page: ${r.page.width} × ${r.page.height} px (${r.page.dpi} dpi), ${r.page.words} words of typed French.`,
    '',
    '| Read | Wall s | CPU s | Confidence | Words found | Words right |',
    '| --- | --- | --- | --- | --- | --- |',
    `| first (engine and model loaded) | ${r.cold.seconds} | | | | |`,
    ...p.seconds.map(
      (s, i) =>
        `| picture ${i + 1} | ${s} | ${p.cpuSeconds[i]} | ${p.confidence} | ${p.wordsFound} | ${p.recall} % |`,
    ),
    `| scanned PDF page (drawn by mupdf, then read) | ${r.pdf.seconds} | | ${r.pdf.confidence} | | |`,
    '',
    `Peak RSS of the process (the engine's thread included): ${r.peakRssMegabytes} MB.`,
    '',
    'Target: under 10 s a page on this 2-core machine, memory bounded.',
    '',
  ].join('\n');
}
