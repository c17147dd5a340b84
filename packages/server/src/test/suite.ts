import type { Permission } from '@kinfolio/contract';
import { afterAll, beforeAll } from 'vitest';
import type { TestClient } from './client.js';
import { createTestServer, type TestServer } from './server.js';

export interface EditorAndReaderSuite {
  server: TestServer;
  editor: TestClient;
  reader: TestClient;
}

/**
 * The usual suite: one server for its tests, with an editor and a reader logged in (see
 * `editorAndReader`), then `setup` for the suite's own data; closed after the tests. Call it
 * inside `describe`: the returned object is filled in by the time the tests run.
 */
export function editorAndReaderSuite(
  setup?: (suite: EditorAndReaderSuite) => Promise<void>,
  /** More permissions for the editor (see `editorAndReader`). */
  also: Permission[] = [],
): EditorAndReaderSuite {
  const suite = {} as EditorAndReaderSuite;
  beforeAll(async () => {
    suite.server = await createTestServer();
    Object.assign(suite, await suite.server.editorAndReader(also));
    await setup?.(suite);
  });
  afterAll(() => suite.server?.close());
  return suite;
}

/** The usual suite whose editor may also move things to the trash and back (`content.delete`). */
export function trashingEditorSuite(
  setup?: (suite: EditorAndReaderSuite) => Promise<void>,
): EditorAndReaderSuite {
  return editorAndReaderSuite(setup, ['content.delete']);
}
