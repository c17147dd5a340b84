import { routes } from '@kinfolio/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { addRoute } from '../../http/route.js';
import { languageOf, translate } from '../../i18n/translate.js';
import {
  listSiteTranslations,
  reportMissingKey,
  reportThrottle,
  updateSiteTranslation,
} from './service.js';

export function registerSiteTranslationRoutes(app: FastifyInstance, ctx: AppContext) {
  const throttle = reportThrottle();

  addRoute(app, routes.siteTranslations, async () => listSiteTranslations(ctx));

  // No `message`: reports are silent, the web app must not toast them.
  addRoute(app, routes.siteTranslationCreate, async (request, reply) => {
    await throttle(request.auth.user!.id);
    const { translation, created } = await reportMissingKey(ctx, request.body.key);
    return reply.code(created ? 201 : 200).send(translation);
  });

  addRoute(app, routes.siteTranslationUpdate, async (request) => {
    const translation = await updateSiteTranslation(ctx, request.params.id, request.body);
    if (!translation) throw new HttpError(404, 'http.not_found');
    const language = languageOf(request.headers['accept-language']);
    return { message: translate(language, 'translations.updated'), translation };
  });
}
