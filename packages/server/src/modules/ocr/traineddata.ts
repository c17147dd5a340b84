import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

/** The traineddata packages installed with the server, by model code. */
export const MODELS = ['fra', 'eng', 'deu', 'ita', 'ara'] as const;
export type ModelCode = (typeof MODELS)[number];

/**
 * Which published variant is read: the integer LSTM models (`4.0.0_best_int`), smaller and
 * faster than the full ones for the same text, and all the LSTM-only engine needs.
 */
const VARIANT = '4.0.0_best_int';

const requireHere = createRequire(import.meta.url);
let folder: string | undefined;

/**
 * A folder holding every installed model as `<code>.traineddata.gz`, for tesseract.js's
 * `langPath` (it reads every language of a worker from one folder, and each package has its
 * own): links to the packages' files, made once per process, so that nothing is ever fetched.
 * These are shipped program files, not archive bytes: they do not go through the storage.
 */
export function modelFolder(): string {
  if (folder) return folder;
  const made = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-ocr-models-'));
  for (const code of MODELS) {
    const packageDir = path.dirname(requireHere.resolve(`@tesseract.js-data/${code}/package.json`));
    const source = path.join(packageDir, VARIANT, `${code}.traineddata.gz`);
    const target = path.join(made, `${code}.traineddata.gz`);
    try {
      fs.symlinkSync(source, target);
    } catch {
      // A file system without links: a copy (a few megabytes each).
      fs.copyFileSync(source, target);
    }
  }
  process.once('exit', () => fs.rmSync(made, { recursive: true, force: true }));
  folder = made;
  return made;
}

export const ENGINE_VERSION = `tesseract.js-7/${VARIANT}`;
