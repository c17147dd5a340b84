import { accessDescription, routes, type RouteDef } from '@kinfolio/contract';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/server.js';

interface Operation {
  description?: string;
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

/** `/api/tags/:id` as OpenAPI writes it: `/api/tags/{id}`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, '{$1}');

describe('the OpenAPI document', () => {
  let server: TestServer;
  let doc: { paths: Record<string, Record<string, Operation>> };

  beforeAll(async () => {
    server = await createTestServer();
    doc = (await server.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  });
  afterAll(() => server.close());

  it('is a valid OpenAPI document', async () => {
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('shows every route of the contract with its answers and the dialect errors', () => {
    for (const def of Object.values(routes) as RouteDef[]) {
      const operation = doc.paths[openApiPath(def.path)]?.[def.method.toLowerCase()];
      expect(operation, `${def.method} ${def.path}`).toBeDefined();
      const statuses = Object.keys(operation!.responses ?? {});
      for (const status of Object.keys(def.responses)) {
        expect(statuses, `${def.method} ${def.path}`).toContain(status);
      }
      if (def.access !== 'public') expect(statuses).toContain('401');
      if (def.method !== 'GET') expect(statuses).toContain('419');
    }
  });

  it('says who may call each operation, as the route table does', () => {
    for (const def of Object.values(routes) as RouteDef[]) {
      const operation = doc.paths[openApiPath(def.path)]![def.method.toLowerCase()]!;
      expect(operation.description, def.path).toBe(accessDescription(def));
    }
    const trash = doc.paths['/api/posts/{id}']!.delete!.description;
    expect(trash).toBe('Access: the `content.delete` permission.');
    const bulk = doc.paths['/api/records-bulk']!.post!.description;
    expect(bulk).toContain('Access: the `records.edit` permission.');
    expect(bulk).toContain('`restore`');
    expect(bulk).toContain('also needs `content.delete`');
  });

  it('describes answer bodies, e.g. a page of posts', () => {
    const page = doc.paths['/api/posts-all']!.get!.responses!['200']!;
    const schema = JSON.stringify(page.content?.['application/json']?.schema);
    for (const field of ['current_page', 'last_page', 'preview', 'revisions_count']) {
      expect(schema).toContain(field);
    }
  });
});
