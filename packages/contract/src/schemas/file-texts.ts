import { z } from 'zod';
import { CONTENT_LANGUAGES } from '../constants.js';

/**
 * The text read from a scan (a picture or a PDF of an item), by OCR or from the PDF's own text
 * layer: `pending` (owed, not read yet), `done` (read; maybe skipped, see `skipped`), `failed`
 * (the file could not be read) or `off` (OCR is turned off and nothing was read before).
 */
export const FILE_TEXT_STATUSES = ['pending', 'done', 'failed', 'off'] as const;
export type FileTextStatus = (typeof FILE_TEXT_STATUSES)[number];

/**
 * Why a read file holds no text: a picture whose result was empty or of very low confidence is
 * most likely a photo of people, not a document (`empty`, `low_confidence`); `unreadable`: the
 * bytes could not be decoded (a `failed` text).
 */
export const FILE_TEXT_REASONS = ['empty', 'low_confidence', 'unreadable'] as const;
export type FileTextReason = (typeof FILE_TEXT_REASONS)[number];

/** Where a page's text came from: OCR of its pixels, or the PDF's own text layer. */
export const FILE_TEXT_SOURCES = ['ocr', 'pdf_text'] as const;

/** Limits of corrections and reading (checked by the server). */
export const FILE_TEXT_LIMITS = {
  /** Characters of a corrected text. */
  textMax: 200_000,
  /** Pages of a PDF read (a longer one is read up to there). */
  pdfPagesMax: 50,
  /** Revisions listed. */
  revisionsMax: 50,
} as const;

/** A word's box relative to its page as read (0..1 from the top left). */
export const fileTextWordSchema = z.object({
  text: z.string(),
  confidence: z.number(),
  box: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }),
});
export type FileTextWord = z.infer<typeof fileTextWordSchema>;

export const fileTextPageSchema = z.object({
  /** From 1. */
  page: z.number().int(),
  text: z.string(),
  /** 0–100 (100 for a PDF's text layer). */
  confidence: z.number(),
  source: z.enum(FILE_TEXT_SOURCES),
  /** Degrees the page was turned (clockwise) to be read upright. */
  rotation: z.number(),
  /** The words with their boxes (OCR only; empty for a text layer). */
  words: z.array(fileTextWordSchema),
});
export type FileTextPage = z.infer<typeof fileTextPageSchema>;

export const fileTextSchema = z.object({
  file_id: z.number().int(),
  status: z.enum(FILE_TEXT_STATUSES),
  /** The whole text (pages separated by a blank line), corrected if somebody corrected it. */
  text: z.string(),
  /** The OCR models used, e.g. `fr` or `fr+de` (null before reading). */
  language: z.string().nullable(),
  /** Mean confidence of the words, 0–100 (null before reading or for a corrected text). */
  confidence: z.number().nullable(),
  pages: z.array(fileTextPageSchema),
  /** Read but not kept as text, and why; or why it failed. */
  skipped: z.boolean(),
  reason: z.enum(FILE_TEXT_REASONS).nullable(),
  /** Somebody corrected the text (`pages` keep what was read). */
  edited: z.boolean(),
  edited_at: z.string().nullable(),
  read_at: z.string().nullable(),
  revisions_count: z.number().int(),
});
export type FileText = z.infer<typeof fileTextSchema>;

export const fileTextPatchBody = z.object({
  text: z.string().max(FILE_TEXT_LIMITS.textMax, 'validation.file_text_too_long'),
});

export const fileTextSaved = z.object({ message: z.string(), text: fileTextSchema });

export const fileTextRevisionSchema = z.object({
  id: z.number().int(),
  /** The text before that correction. */
  text: z.string(),
  user_name: z.string(),
  created_at: z.string(),
});
export const fileTextRevisionsSchema = z.object({ data: z.array(fileTextRevisionSchema) });

/** A re-read with other models (the item's language is used when none is given). */
export const fileTextReadBody = z.object({
  languages: z.array(z.enum(CONTENT_LANGUAGES)).min(1).max(3).optional(),
});
export const fileTextReadQueued = z.object({ message: z.string(), job_id: z.string() });

export const ocrAdminSchema = z.object({
  /** OCR=off on this installation: never. */
  available: z.boolean(),
  enabled: z.boolean(),
  counts: z.object({
    /** Live pictures and PDFs of items. */
    files: z.number().int(),
    read: z.number().int(),
    pending: z.number().int(),
    with_text: z.number().int(),
    skipped: z.number().int(),
    failed: z.number().int(),
  }),
  backfill: z
    .object({
      job_id: z.string(),
      state: z.enum(['queued', 'running', 'done', 'failed']),
      progress: z.number().int(),
    })
    .nullable(),
});
export type OcrAdmin = z.infer<typeof ocrAdminSchema>;
export const ocrAdminBody = z.object({ enabled: z.boolean() });
export const ocrAdminSaved = z.object({ message: z.string(), settings: ocrAdminSchema });
export const ocrBackfillQueued = z.object({ message: z.string(), job_id: z.string() });
