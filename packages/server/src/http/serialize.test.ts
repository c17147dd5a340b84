import Fastify from 'fastify';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { responseSerializer } from './serialize.js';

async function appAnswering(strict: boolean, answer: unknown) {
  const app = Fastify({ logger: false });
  app.setSerializerCompiler(responseSerializer(strict));
  app.get(
    '/x',
    { schema: { response: { 200: z.object({ id: z.number(), name: z.string().optional() }) } } },
    async () => answer,
  );
  await app.ready();
  return app;
}

describe('answers serialised through the contract', () => {
  it('sends what the schema declares', async () => {
    const app = await appAnswering(true, { id: 1, name: 'Ada' });
    const response = await app.inject({ method: 'GET', url: '/x' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 1, name: 'Ada' });
  });

  it('refuses an answer of the wrong shape', async () => {
    const app = await appAnswering(false, { id: 'one' });
    expect((await app.inject({ method: 'GET', url: '/x' })).statusCode).toBe(500);
  });

  it('refuses, when strict, a field the schema does not declare; drops it otherwise', async () => {
    const answer = { id: 1, password_hash: 'secret' };
    const strict = await appAnswering(true, answer);
    expect((await strict.inject({ method: 'GET', url: '/x' })).statusCode).toBe(500);
    const lenient = await appAnswering(false, answer);
    expect((await lenient.inject({ method: 'GET', url: '/x' })).json()).toEqual({ id: 1 });
  });

  it('is strict under the test runner, as the app builds it', () => {
    expect(process.env.NODE_ENV).toBe('test');
  });
});
