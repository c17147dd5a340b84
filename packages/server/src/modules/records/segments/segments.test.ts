import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RecordSegment } from '@kinfolio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/client.js';
import { createTestServer, type TestServer } from '../../../test/server.js';
import { sineFile } from '../../../test/audio.js';
import { detected, passagesFile, recordWithParts, startsOf } from './test-fixtures/audio.js';

/**
 * Segments of records through the API: detection at the silences of audio ffmpeg makes, edits
 * (add, split, merge, move, retitle, delete), search hits carrying the segment's start, time
 * codes both ways, the OHMS XML index; bad input answered 4xx.
 */
describe('records: segments', () => {
  let server: TestServer;
  let tmp: string;
  let editor: TestClient;
  let reader: TestClient;
  let threePassages: string;

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-segments-'));
    server = await createTestServer();
    await server.createUser({
      email: 'editor@example.com',
      permissions: ['records.edit', 'content.edit', 'content.delete'],
    });
    await server.createUser({ email: 'reader@example.com' });
    editor = await server.loggedIn('editor@example.com');
    reader = await server.loggedIn('reader@example.com');
    // Three passages of 3 s separated by 2 s of silence: sound at 0, 5 and 10 s.
    threePassages = await passagesFile(path.join(tmp, 'three.wav'), 13);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('cuts a recording of three passages into three segments at 0, 5 and 10 s', async () => {
    const id = await recordWithParts(editor, [threePassages]);
    expect((await reader.post(`/api/records/${id}/segments/detect`, {})).statusCode).toBe(403);
    const segments = await detected(editor, id);
    expect(startsOf(segments)).toEqual([0, 5, 10]);
    expect(segments.at(-1)!.end).toBeCloseTo(13, 0);
    expect(segments.map((s) => s.time_code)).toEqual(['00:00:00', '00:00:05', '00:00:10']);
    expect(segments.every((s) => s.origin === 'detected' && !s.edited)).toBe(true);
    // Readers read them.
    expect((await reader.get(`/api/records/${id}/segments`)).json().data).toEqual(segments);
  });

  it('cuts over the parts joined in order, whatever their formats', async () => {
    // 8 s of WAV (sound 0-3, 5-8) then 5 s of MP3 at another rate (silent 0-2, sound 2-5).
    const one = await passagesFile(path.join(tmp, 'one.wav'), 8);
    const two = await passagesFile(path.join(tmp, 'two.mp3'), 5, { offset: 2, rate: 44100 });
    const id = await recordWithParts(editor, [one, two]);
    expect(startsOf(await detected(editor, id))).toEqual([0, 5, 10]);
  });

  it('keeps edited segments when detecting again, replacing the others', async () => {
    const id = await recordWithParts(editor, [threePassages]);
    const first = await detected(editor, id);
    const titled = await editor.patch(`/api/record-segments/${first[1]!.id}`, {
      title: 'La traversée en bateau',
      keywords: ['bateau', 'Gênes'],
    });
    expect(titled.statusCode, titled.body).toBe(200);
    expect(titled.json().segment).toMatchObject({ edited: true, keywords: ['bateau', 'Gênes'] });
    const again = await detected(editor, id);
    expect(startsOf(again)).toEqual([0, 5, 10]);
    expect(again[1]).toMatchObject({ id: first[1]!.id, title: 'La traversée en bateau' });
    expect(again[0]!.id).not.toBe(first[0]!.id);
    // Wider limits merge the unedited passages around the kept one.
    const merged = await detected(editor, id, { min_length: 6, max_length: 600 });
    expect(merged.map((s) => s.id)).toContain(first[1]!.id);
    expect(merged.length).toBeLessThanOrEqual(3);
  });

  it('adds, splits, merges, moves and deletes segments', async () => {
    const id = await recordWithParts(editor, [threePassages]);
    const [, middle] = await detected(editor, id);
    // A start inside a segment splits it.
    const split = await editor.post(`/api/records/${id}/segments`, {
      start: '00:00:07',
      title: 'Le port',
      keywords: ['port'],
    });
    expect(split.statusCode, split.body).toBe(201);
    expect(split.json().message).toBe('The segment has been split in two.');
    const added: RecordSegment = split.json().segment;
    expect(added).toMatchObject({ start: 7, end: middle!.end, origin: 'manual' });
    expect(startsOf(split.json().data)).toEqual([0, 5, 7, 10]);
    // Overlaps, a start already taken and an end before the start are refused, changing nothing.
    for (const [url, body] of [
      [`/api/record-segments/${added.id}`, { start: 4 }],
      [`/api/record-segments/${added.id}`, { end: 6 }],
      [`/api/records/${id}/segments`, { start: 5 }],
    ] as const) {
      const refused = url.includes('record-segments')
        ? await editor.patch(url, body)
        : await editor.post(url, body);
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().errors).toBeDefined();
    }
    // Merging folds the neighbour in: one segment again, words of both kept.
    await editor.patch(`/api/record-segments/${middle!.id}`, {
      synopsis: 'Départ',
      keywords: ['bateau'],
    });
    const merged = await editor.patch(`/api/record-segments/${middle!.id}`, {
      merge_with: added.id,
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json().segment).toMatchObject({
      start: 5,
      title: 'Le port',
      keywords: ['bateau', 'port'],
    });
    expect(startsOf(merged.json().data)).toEqual([0, 5, 10]);
    const [first] = merged.json().data as RecordSegment[];
    const far = await editor.patch(`/api/record-segments/${first!.id}`, { merge_with: 999_999 });
    expect(far.statusCode).toBe(422);
    // Moving a boundary, then deleting.
    const moved = await editor.patch(`/api/record-segments/${first!.id}`, { end: 4.5 });
    expect(moved.json().segment).toMatchObject({ start: 0, end: 4.5 });
    const deleted = await editor.delete(`/api/record-segments/${first!.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(startsOf(deleted.json().data)).toEqual([5, 10]);
    expect((await reader.delete(`/api/record-segments/${middle!.id}`)).statusCode).toBe(403);
    expect((await editor.delete(`/api/record-segments/${first!.id}`)).statusCode).toBe(404);
  });

  it('finds the record by a word of a segment, with where to play from', async () => {
    const id = await recordWithParts(editor, [threePassages], { title: 'Nonna Rosa' });
    const segments = await detected(editor, id);
    await editor.patch(`/api/record-segments/${segments[1]!.id}`, {
      title: 'La traversée vers Camogli',
      transcript: 'Nous avons quitté Gênes au petit matin.',
    });
    const list = (await reader.get('/api/records?query=camogli')).json();
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({
      id,
      segment: { id: segments[1]!.id, title: 'La traversée vers Camogli', start: 5 },
    });
    expect(list.data[0].segment.time_code).toBe('00:00:05');
    // The transcript's words (accents ignored, the last word a prefix) find it too.
    const byTranscript = (await reader.get('/api/records?query=genes%20au%20peti')).json();
    expect(byTranscript.data.map((r: { id: number }) => r.id)).toEqual([id]);
    const all = (await reader.get('/api/search?query=camogli')).json();
    const group = all.data.find((g: { type: string }) => g.type === 'record');
    expect(group.versions[0].segment).toMatchObject({ id: segments[1]!.id, start: 5 });
    // The record's own words still find it, without a segment.
    const own = (await reader.get('/api/records?query=nonna')).json();
    expect(own.data.find((r: { id: number }) => r.id === id).segment).toBeUndefined();
    // A trashed record is found in the trash only.
    await editor.delete(`/api/records/${id}`);
    expect((await reader.get('/api/records?query=camogli')).json().data).toHaveLength(0);
    expect((await reader.get('/api/records?query=camogli&trash=1')).json().data).toHaveLength(1);
    const locked = await editor.patch(`/api/record-segments/${segments[1]!.id}`, { title: 'x' });
    expect(locked.statusCode).toBe(422);
  });

  it('makes segments of the transcript’s time codes, which their starts render again', async () => {
    const transcript =
      '[00:00:00] Bonjour.\n[00:00:05] La traversée en bateau.\n[00:00:10] Marseille enfin.';
    const id = await recordWithParts(editor, [], { rawtranscription: transcript });
    const made = await editor.post(`/api/records/${id}/segments/from-time-codes`);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ created: 3 });
    const segments: RecordSegment[] = made.json().data;
    expect(segments.map((s) => [s.start, s.end, s.title, s.origin])).toEqual([
      [0, 5, 'Bonjour.', 'time_code'],
      [5, 10, 'La traversée en bateau.', 'time_code'],
      [10, null, 'Marseille enfin.', 'time_code'],
    ]);
    // Round trip: each start written back as a code gives the transcript's codes.
    const rebuilt = segments.map((s) => `[${s.time_code}] ${s.transcript}`).join('\n');
    expect(rebuilt).toBe(transcript);
    const again = await editor.post(`/api/records/${id}/segments/from-time-codes`);
    expect(again.json().created).toBe(0);
    // A code inside a segment splits it.
    await editor.patch(`/api/records/${id}`, {
      rawtranscription: transcript.replace('bateau.', 'bateau. [00:00:07] Gênes.'),
    });
    const split = (await editor.post(`/api/records/${id}/segments/from-time-codes`)).json();
    expect(split.created).toBe(1);
    expect(split.data.map((s: RecordSegment) => [s.start, s.end])).toEqual([
      [0, 5],
      [5, 7],
      [7, 10],
      [10, null],
    ]);
  });

  it('gives the index as OHMS XML', async () => {
    const id = await recordWithParts(editor, [threePassages], { title: 'Nonna & Rosa' });
    const segments = await detected(editor, id);
    await editor.patch(`/api/record-segments/${segments[2]!.id}`, {
      title: 'Marseille',
      synopsis: 'Arrivée',
      keywords: ['port', 'Marseille'],
    });
    const xml = await reader.get(`/api/records/${id}/segments.xml`);
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-type']).toContain('application/xml');
    expect(xml.body).toContain('<title>Nonna &amp; Rosa</title>');
    expect(xml.body.match(/<point>/g)).toHaveLength(3);
    expect(xml.body).toMatch(
      /<time>10<\/time>\s*<title>Marseille<\/title>[\s\S]*<keywords>port; Marseille<\/keywords>/,
    );
  });

  it('answers bad input with a clear 4xx that changes nothing', async () => {
    const silent = await sineFile(path.join(tmp, 'tone.wav'), 2, 440);
    const id = await recordWithParts(editor, [silent]);
    const bad = await editor.post(`/api/records/${id}/segments`, { start: '12h04' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.start[0]).toBe('Give a time as hh:mm:ss, mm:ss, or in seconds.');
    expect(
      (await editor.post(`/api/records/${id}/segments`, { start: 1, participants: [999_999] }))
        .statusCode,
    ).toBe(422);
    expect(
      (
        await editor.post(`/api/records/${id}/segments/detect`, {
          min_length: 400,
          max_length: 500,
        })
      ).statusCode,
    ).toBe(422);
    expect((await editor.get(`/api/records/999999/segments`)).statusCode).toBe(404);
    expect((await editor.post(`/api/records/999999/segments/detect`, {})).statusCode).toBe(404);
    const empty = await recordWithParts(editor, []);
    const none = await editor.post(`/api/records/${empty}/segments/detect`, {});
    expect(none.statusCode).toBe(422);
    expect((await editor.get(`/api/records/${id}/segments`)).json().data).toEqual([]);
    // A tone without a pause is one segment.
    const one = await detected(editor, id);
    expect(startsOf(one)).toEqual([0]);
  });
});
