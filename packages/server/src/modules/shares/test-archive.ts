import { routes, type ShareCreated } from '@kinfolio/contract';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { itemsApi, linkTargets } from '../../test/items-api.js';
import type { TestServer } from '../../test/server.js';
import { uploadFile } from '../../test/uploads.js';

/**
 * A small archive to share from, made through the API: two category trees, a person, a tag,
 * items of every type with files (pictures with thumbnails, a PDF), a translation, an item in the
 * trash, and two records with audio parts. Ids by name, and every item, record and file id.
 */
export async function seedArchive(server: TestServer) {
  await server.createUser({
    email: 'sharer@example.com',
    name: 'Sam Sharer',
    permissions: ['content.edit', 'content.delete', 'records.edit'],
  });
  const editor = await server.loggedIn('sharer@example.com');
  const links = linkTargets(editor);
  const picture = await sharp({
    create: { width: 64, height: 48, channels: 3, background: '#336699' },
  })
    .jpeg()
    .toBuffer();

  async function attach(model: number, type: string, name: string, mime: string, data: Buffer) {
    const upload = await uploadFile(editor, { name, type: mime, data });
    expect(upload.statusCode, upload.body).toBe(201);
    const attached = await editor.patch(routes.addFilepond.path, {
      newmedias: [upload.body],
      modelId: model,
      modelType: type,
    });
    expect(attached.statusCode, attached.body).toBe(200);
    const files = attached.json().files as { id: number; name: string }[];
    return files.find((file) => file.name === name)!.id;
  }
  const jpeg = (model: number, type: string, name: string) =>
    attach(model, type, name, 'image/jpeg', picture);
  const pdf = (model: number, type: string, name: string) =>
    attach(model, type, name, 'application/pdf', Buffer.from('%PDF-1.4 a family letter'));
  const wav = (model: number, name: string) =>
    attach(model, 'records', name, 'audio/wav', Buffer.from(`RIFF${name}`.padEnd(3000, 'x')));

  const categoryA = await links.category('Voyages');
  const categoryA1 = await links.category('Italie', categoryA);
  const categoryB = await links.category('Lettres');
  const person = await links.participant('Lucie Martin');
  const other = await links.participant('Marc Durand');
  const tag = await links.tag('mariage');

  const dream = await itemsApi(editor, 'dream').create({
    title: 'Un rêve de mer',
    language: 'fr',
    content: '<p>La mer, toujours la mer.</p>',
  });
  const dreamPhoto = await jpeg(dream.id, 'dreams', 'reve.jpg');
  const mail = await itemsApi(editor, 'mail').create({
    title: 'Lettre de Lucie',
    language: 'fr',
    content: '<p>Chère famille, les nouvelles de Rome.</p>',
    categories: [categoryB],
    from: [person],
    to: [other],
    tags: [tag],
  });
  const mailPdf = await pdf(mail.id, 'mails', 'lettre.pdf');
  const media = await itemsApi(editor, 'media').create({
    title: 'Photos de Rome',
    language: 'fr',
    categories: [categoryA1],
  });
  const mediaPhoto = await jpeg(media.id, 'medias', 'rome.jpg');
  const post = await itemsApi(editor, 'post').create({
    title: 'Le voyage en Italie',
    language: 'fr',
    categories: [categoryA],
    from: [person],
    tags: [tag],
    content:
      `<p>Voir <a href="/mails/${mail.id}/profile">la lettre</a>, ` +
      `<a href="http://kinfolio.test/medias/${media.id}/profile">les photos</a> et ` +
      `<a href="https://example.org/rome">Rome</a>.</p>` +
      `<p><img src="/api/files/${dreamPhoto}" alt="rêve"></p>`,
  });
  const postPhoto = await jpeg(post.id, 'posts', 'italie.jpg');
  const translation = await itemsApi(editor, 'post').create({
    title: 'The trip to Italy',
    language: 'en',
    parent_id: post.id,
    content: '<p>The trip.</p>',
  });
  const translationPdf = await pdf(translation.id, 'posts', 'trip.pdf');
  const trashed = await itemsApi(editor, 'post').create({
    title: 'Brouillon jeté',
    language: 'fr',
    categories: [categoryA],
    tags: [tag],
  });
  const trashedPhoto = await jpeg(trashed.id, 'posts', 'jete.jpg');
  expect((await itemsApi(editor, 'post').trash(trashed.id)).statusCode).toBe(200);
  const message = await itemsApi(editor, 'message').create({
    title: 'Message du dimanche',
    language: 'fr',
    categories: [categoryB],
  });

  const record = (
    await editor.post('/api/records', {
      lang: 'fr',
      title: 'Entretien avec Lucie',
      owner: 'Paul Martin',
      people: [person],
      rawtranscription: '[00:00:05] Bonjour Lucie. [00:01:10] Parlez-moi de Rome.',
    })
  ).json().record as { id: number };
  const recordPart1 = await wav(record.id, 'face-a.wav');
  const recordPart2 = await wav(record.id, 'face-b.wav');
  const otherRecord = (
    await editor.post('/api/records', { lang: 'fr', title: 'Cassette 2' })
  ).json().record as { id: number };
  const otherRecordPart = await wav(otherRecord.id, 'cassette-2.wav');
  await server.jobsSettled();

  const ids = {
    categoryA,
    categoryA1,
    categoryB,
    person,
    other,
    tag,
    dream: dream.id,
    mail: mail.id,
    media: media.id,
    post: post.id,
    translation: translation.id,
    trashed: trashed.id,
    message: message.id,
    record: record.id,
    otherRecord: otherRecord.id,
  };
  const files = {
    dreamPhoto,
    mailPdf,
    mediaPhoto,
    postPhoto,
    translationPdf,
    trashedPhoto,
    recordPart1,
    recordPart2,
    otherRecordPart,
  };
  return {
    editor,
    ids,
    files,
    allItems: [ids.dream, ids.mail, ids.media, ids.post, ids.translation, ids.trashed, ids.message],
    allRecords: [ids.record, ids.otherRecord],
    allFiles: Object.values(files),
  };
}
export type SeededArchive = Awaited<ReturnType<typeof seedArchive>>;

/** Makes a link through the API and gives its answer (201 expected). */
export async function share(client: TestClient, body: Record<string, unknown>) {
  const response = await client.post(routes.shareCreate.path, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as ShareCreated;
}
