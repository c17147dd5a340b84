import { AsyncLocalStorage } from 'node:async_hooks';
import type { UiLanguage } from '@kinfolio/contract';
import type { FastifyInstance } from 'fastify';
import { requestLanguage } from './translate.js';

/**
 * The language an answer is being written in, for the few values the server itself names deep
 * inside shared presenters (a place's country), which would otherwise need the request threaded
 * through every reader of items and records. Set for each request before its handler runs (after
 * the body is read: a body's stream events would lose it), and by jobs that write in a language.
 */
const storage = new AsyncLocalStorage<UiLanguage>();

/** The current answer's language; English outside any request or job that set one. */
export function answerLanguage(): UiLanguage {
  return storage.getStore() ?? 'en';
}

/** Runs `work` writing in `language`. */
export function inLanguage<T>(language: UiLanguage, work: () => T): T {
  return storage.run(language, work);
}

export function registerAnswerLanguage(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    storage.run(requestLanguage(request), done);
  });
}
