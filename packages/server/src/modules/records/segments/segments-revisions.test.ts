import type { RecordRevision, RecordSegment } from '@kinfolio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/client.js';
import { createTestServer, type TestServer } from '../../../test/server.js';

/**
 * A person's changes to a record's segments are versions of the record: each keeps the index as
 * it was before, under the name of who changed it; a refused change keeps nothing.
 */
describe('records: segment edits in the record’s revisions', () => {
  let server: TestServer;
  let editor: TestClient;
  let reader: TestClient;

  beforeAll(async () => {
    server = await createTestServer();
    await server.createUser({
      email: 'editor@example.com',
      name: 'Lucia',
      permissions: ['records.edit'],
    });
    await server.createUser({ email: 'reader@example.com' });
    editor = await server.loggedIn('editor@example.com');
    reader = await server.loggedIn('reader@example.com');
  });
  afterAll(() => server?.close());

  const revisions = async (id: number): Promise<RecordRevision[]> =>
    (await reader.get(`/api/records/revision/${id}`)).json().data;

  it('keeps the index as it was before each add, edit, merge and delete', async () => {
    const created = await editor.post('/api/records', {
      title: 'Nonna Rosa',
      lang: 'fr',
      rawtranscription: '[00:00:00] Bonjour. [00:01:00] Le bateau partait de Gênes.',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id: number = created.json().record.id;

    const fromCodes = await editor.post(`/api/records/${id}/segments/from-time-codes`, {});
    expect(fromCodes.json().created).toBe(2);
    // Asking again adds nothing, and keeps no version.
    await editor.post(`/api/records/${id}/segments/from-time-codes`, {});
    let history = await revisions(id);
    expect(history).toHaveLength(1);
    expect(history[0]!.data.segments).toEqual([]);
    expect(history[0]!.user.name).toBe('Lucia');
    expect(history[0]!.data).toMatchObject({ title: 'Nonna Rosa' });

    const [first, second] = fromCodes.json().data as RecordSegment[];
    await editor.patch(`/api/record-segments/${second!.id}`, {
      title: 'La traversée en bateau',
      keywords: ['bateau'],
    });
    history = await revisions(id);
    expect(history).toHaveLength(2);
    expect(history[0]!.data.segments!.map((s) => s.start)).toEqual([0, 60]);
    expect(history[0]!.data.segments![1]).toMatchObject({ title: 'Le bateau partait de Gênes.' });

    await editor.patch(`/api/record-segments/${first!.id}`, { merge_with: second!.id });
    history = await revisions(id);
    expect(history[0]!.data.segments![1]).toMatchObject({
      title: 'La traversée en bateau',
      keywords: ['bateau'],
    });

    await editor.delete(`/api/record-segments/${first!.id}`);
    history = await revisions(id);
    expect(history).toHaveLength(4);
    expect(history[0]!.data.segments).toHaveLength(1);
    const record = (await reader.get(`/api/records/${id}`)).json();
    expect(record.revisions_count).toBe(4);

    // Refused changes keep no version.
    expect((await reader.post(`/api/records/${id}/segments`, { start: 3 })).statusCode).toBe(403);
    const bad = await editor.post(`/api/records/${id}/segments`, { start: 'soon' });
    expect(bad.statusCode).toBe(422);
    expect(await revisions(id)).toHaveLength(4);

    // A version is restored as a PATCH of the record: its segments are not a field of it.
    const restored = await editor.patch(`/api/records/${id}`, history[0]!.data);
    expect(restored.statusCode, restored.body).toBe(200);
  });
});
