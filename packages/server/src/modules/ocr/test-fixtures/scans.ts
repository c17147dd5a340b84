import * as mupdf from 'mupdf';
import sharp from 'sharp';
import { routes } from '@kinfolio/contract';
import { expect } from 'vitest';
import type { TestClient } from '../../../test/client.js';
import { itemsApi } from '../../../test/items-api.js';
import type { TestServer } from '../../../test/server.js';
import { uploadFile } from '../../../test/uploads.js';

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A typed page: lines of black serif text on white, as an SVG drawn by sharp. */
export function pageSvg(lines: string[], width = 1400, size = 44): Buffer {
  const height = 120 + lines.length * size * 1.6;
  const text = lines
    .map(
      (line, i) =>
        `<text x="60" y="${100 + i * size * 1.6}" font-family="DejaVu Serif, serif" font-size="${size}">${escape(line)}</text>`,
    )
    .join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<rect width="100%" height="100%" fill="white"/>${text}</svg>`,
  );
}

/** The page as a PNG or JPEG, turned `rotate` degrees (a letter photographed askew). */
export async function pageImage(
  lines: string[],
  format: 'png' | 'jpeg',
  rotate = 0,
): Promise<Buffer> {
  const image = sharp(pageSvg(lines)).rotate(rotate, { background: 'white' }).flatten({
    background: 'white',
  });
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 90 }).toBuffer();
}

/** Something that is no document: soft coloured noise, like a photo with no writing in it. */
export async function photo(): Promise<Buffer> {
  const width = 640;
  const height = 480;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = 90 + ((i * 7919) % 97);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .blur(3)
    .jpeg()
    .toBuffer();
}

/** A PDF of scanned pages: each image placed on an A4 page, no text layer. */
export function scannedPdf(images: Buffer[]): Buffer {
  const doc = new mupdf.PDFDocument();
  for (const png of images) {
    const image = new mupdf.Image(png);
    const ref = doc.addImage(image);
    const resources = doc.addObject({ XObject: { I0: ref } });
    const width = 595;
    const height = Math.round((595 * image.getHeight()) / image.getWidth());
    const page = doc.addPage(
      [0, 0, width, height],
      0,
      resources,
      `q ${width} 0 0 ${height} 0 0 cm /I0 Do Q`,
    );
    doc.insertPage(-1, page);
  }
  return Buffer.from(doc.saveToBuffer('compress').asUint8Array());
}

/** A PDF with a text layer (typed with a standard font), one page per entry. */
export function textPdf(pages: string[][]): Buffer {
  const doc = new mupdf.PDFDocument();
  const font = doc.addSimpleFont(new mupdf.Font('Times-Roman'));
  const resources = doc.addObject({ Font: { F1: font } });
  for (const lines of pages) {
    const content = lines
      .map((line, i) => `BT /F1 16 Tf 72 ${760 - i * 24} Td (${line.replace(/[()\\]/g, '')}) Tj ET`)
      .join('\n');
    doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, resources, content));
  }
  return Buffer.from(doc.saveToBuffer('compress').asUint8Array());
}

/** A media item of `language` with one file uploaded and attached through the API. */
export async function uploadScan(
  server: TestServer,
  editor: TestClient,
  file: { name: string; type: string; data: Buffer; language: string; title?: string },
): Promise<{ fileId: number; itemId: number }> {
  const media = await itemsApi(editor, 'media').create({
    title: file.title ?? file.name,
    language: file.language,
  });
  const response = await uploadFile(editor, file);
  expect(response.statusCode, response.body).toBe(201);
  const row = await server.ctx.db
    .selectFrom('files')
    .select('id')
    .where('upload_token', '=', response.body)
    .executeTakeFirstOrThrow();
  const attached = await editor.patch(routes.addFilepond.path, {
    newmedias: [response.body],
    modelId: media.id,
    modelType: 'media',
  });
  expect(attached.statusCode, attached.body).toBe(200);
  return { fileId: row.id, itemId: media.id };
}
