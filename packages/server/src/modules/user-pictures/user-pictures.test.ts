import { PICTURE_LIMITS, PICTURE_PIXELS, routePath } from '@kinfolio/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { editorAndReaderSuite } from '../../test/suite.js';
import { multipartBody } from '../../test/uploads.js';
import { pictureKeys } from './keys.js';

const profileUpload = routePath('updateUserImage');
const siteUpload = routePath('updateUserSitepicture');

function send(client: TestClient, url: string, file: { name: string; type: string; data: Buffer }) {
  const { payload, contentType } = multipartBody(file, 'image');
  return client.sendRaw('POST', url, payload, { 'content-type': contentType });
}

/** A landscape photo whose EXIF says "turn me 90° clockwise", with a GPS position to strip. */
async function rotatedJpeg(): Promise<Buffer> {
  return sharp({
    create: { width: 600, height: 300, channels: 3, background: { r: 200, g: 40, b: 40 } },
  })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Artist: 'Somebody', Copyright: 'secret' } })
    .toBuffer();
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();

describe('profile and site pictures', () => {
  const suite = editorAndReaderSuite();

  const userId = async (client: TestClient) =>
    (await client.get(routePath('loggedInUser'))).json().id as number;

  it('turns a rotated photo upright, strips its metadata and stores WebP sizes', async () => {
    const response = await send(suite.editor, profileUpload, {
      name: 'me.jpg',
      type: 'image/jpeg',
      data: await rotatedJpeg(),
    });
    expect(response.statusCode).toBe(200);
    const { user, message } = response.json();
    expect(message).toBe('Your profile picture has been saved.');
    expect(user.picture.small).toMatch(/^\/api\/user-pictures\/\d+\/profile\/small\?v=/);
    expect(user.site_picture).toBeNull();
    // The logged-in user and the members list carry it too.
    expect((await suite.editor.get(routePath('loggedInUser'))).json().picture).toEqual(
      user.picture,
    );
    const listed = (await suite.reader.get(routePath('users'))).json();
    expect(listed.find((u: { id: number }) => u.id === user.id).picture).toEqual(user.picture);

    const large = await suite.reader.get(user.picture.large);
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-type']).toBe('image/webp');
    expect(large.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const meta = await sharp(large.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    // Upright: the 600×300 landscape became a portrait, fitted into 512 px.
    expect([meta.width, meta.height]).toEqual([256, PICTURE_PIXELS.profile.large]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    const small = await sharp((await suite.reader.get(user.picture.small)).rawPayload).metadata();
    expect(Math.max(small.width, small.height)).toBe(PICTURE_PIXELS.profile.small);

    const again = await suite.reader.send('GET', user.picture.small, undefined, {
      headers: { 'if-none-match': large.headers.etag!.toString().replace('-large', '-small') },
    });
    expect(again.statusCode).toBe(304);
  });

  it('refuses what is not a picture by its bytes, whatever its declared type', async () => {
    const before = (await suite.reader.get(routePath('loggedInUser'))).json();
    suite.reader.language = 'fr';
    const fake = await send(suite.reader, profileUpload, {
      name: 'photo.jpg',
      type: 'image/jpeg',
      data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    });
    suite.reader.language = 'en';
    expect(fake.statusCode).toBe(422);
    expect(fake.json().errors.image[0]).toMatch(/n'est pas une image/);
    const pdf = await send(suite.reader, siteUpload, {
      name: 'a.png',
      type: 'image/png',
      data: Buffer.from('%PDF-1.4\n%âãÏÓ\n'),
    });
    expect(pdf.statusCode).toBe(422);
    const empty = await suite.reader.sendRaw('POST', profileUpload, '{}', {
      'content-type': 'application/json',
    });
    expect(empty.statusCode).toBe(415);
    expect((await suite.reader.get(routePath('loggedInUser'))).json()).toEqual(before);
  });

  it('refuses a picture over the limit with a localised 413 and keeps the old one', async () => {
    const first = await send(suite.reader, siteUpload, {
      name: 'b.png',
      type: 'image/png',
      data: await png(100, 50),
    });
    expect(first.statusCode).toBe(200);
    suite.reader.language = 'de';
    const big = await send(suite.reader, siteUpload, {
      name: 'big.png',
      type: 'image/png',
      data: Buffer.alloc(PICTURE_LIMITS.maxBytes + 1024, 1),
    });
    suite.reader.language = 'en';
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('Dieses Bild ist zu groß: höchstens 15 MB.');
    const me = (await suite.reader.get(routePath('loggedInUser'))).json();
    expect(me.site_picture).toEqual(first.json().user.site_picture);
    expect((await suite.reader.get(me.site_picture.medium)).statusCode).toBe(200);
  });

  it('replaces and removes pictures, bytes included', async () => {
    const id = await userId(suite.reader);
    const first = (
      await send(suite.reader, profileUpload, {
        name: 'a.png',
        type: 'image/png',
        data: await png(80, 80),
      })
    ).json().user;
    const firstVersion = new URL(first.picture.small, 'http://x').searchParams.get('v')!;
    const second = (
      await send(suite.reader, profileUpload, {
        name: 'b.png',
        type: 'image/png',
        data: await png(90, 90),
      })
    ).json().user;
    expect(second.picture.small).not.toBe(first.picture.small);
    for (const key of pictureKeys(id, 'profile', firstVersion)) {
      expect(await suite.server.ctx.storage.pictures.stat(key)).toBeUndefined();
    }
    // The old address now gives the current picture, without the long-lived cache.
    const stale = await suite.reader.get(first.picture.small);
    expect(stale.headers['cache-control']).toBe('private, no-cache');

    const secondVersion = new URL(second.picture.small, 'http://x').searchParams.get('v')!;
    const removed = await suite.reader.delete(routePath('deleteUserImage'));
    expect(removed.statusCode).toBe(200);
    expect(removed.json().user.picture).toBeNull();
    for (const key of pictureKeys(id, 'profile', secondVersion)) {
      expect(await suite.server.ctx.storage.pictures.stat(key)).toBeUndefined();
    }
    expect((await suite.reader.get(second.picture.small)).statusCode).toBe(404);
    // Removing what is not there is harmless.
    expect((await suite.reader.delete(routePath('deleteUserImage'))).statusCode).toBe(200);

    const site = (await suite.reader.get(routePath('loggedInUser'))).json().site_picture;
    expect(
      (await suite.reader.delete(routePath('deleteUserSitepicture'))).json().user.site_picture,
    ).toBe(null);
    expect((await suite.reader.get(site.small)).statusCode).toBe(404);
  });

  it('shows a site picture to its owner only, and pictures to logged-in users only', async () => {
    const site = (
      await send(suite.editor, siteUpload, {
        name: 's.png',
        type: 'image/png',
        data: await png(300, 100),
      })
    ).json().user.site_picture;
    expect((await suite.editor.get(site.large)).statusCode).toBe(200);
    expect((await suite.reader.get(site.large)).statusCode).toBe(404);
    const profile = (await suite.editor.get(routePath('loggedInUser'))).json().picture;
    const guest = suite.server.client();
    expect((await guest.get(profile.small)).statusCode).toBe(401);
    expect((await guest.get(site.small)).statusCode).toBe(401);
    const upload = await send(guest, profileUpload, {
      name: 'a.png',
      type: 'image/png',
      data: await png(10, 10),
    });
    expect(upload.statusCode).toBe(401);
    expect((await guest.delete(routePath('deleteUserSitepicture'))).statusCode).toBe(401);
    // Unknown user, kind or size.
    expect((await suite.reader.get('/api/user-pictures/999999/profile/small')).statusCode).toBe(
      404,
    );
    expect((await suite.reader.get('/api/user-pictures/1/cover/small')).statusCode).toBe(422);
  });
});
