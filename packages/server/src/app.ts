import type { ContentLanguage } from '@kinfolio/contract';
import { registerAnswerLanguage } from './i18n/answer-language.js';
import { placeFromPhotos, registerPlaceRoutes } from './modules/places/index.js';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { createFirstAdmin, registerAuthRoutes, sessionManager } from './auth/index.js';
import type { Config } from './config.js';
import { createContext, type AppContext } from './context.js';
import type { DatabaseHandle } from './db/connect.js';
import { registerCompression } from './http/compression.js';
import { registerErrorHandling, HttpError } from './http/errors.js';
import { registerNulRefusal } from './http/nul.js';
import { registerHealth } from './http/health.js';
import { registerMetrics } from './http/metrics.js';
import { registerResponseCache } from './http/response-cache.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { responseSerializer } from './http/serialize.js';
import { registerSpa } from './http/spa.js';
import { registerCategoryRoutes } from './modules/categories/index.js';
import { registerExportRoutes } from './modules/exports/index.js';
import { registerFileRoutes } from './modules/files/index.js';
import { findItemForUpdate, insertItem, registerItemRoutes } from './modules/items/index.js';
import { registerFaceRoutes } from './modules/faces/index.js';
import { endOcrEngine, registerOcrRoutes } from './modules/ocr/index.js';
import { registerJobRoutes } from './modules/jobs/index.js';
import { registerBackupRoutes } from './modules/backups/index.js';
import { registerImportRoutes } from './modules/imports/index.js';
import { registerFamilyRoutes } from './modules/family/index.js';
import { registerGedcomRoutes } from './modules/gedcom/index.js';
import { createPersonWithLife, registerParticipantRoutes } from './modules/participants/index.js';
import { registerPlanningRoutes } from './modules/planning/index.js';
import {
  findRecordForUpdate,
  registerRecordRoutes,
  searchRecordGroups,
} from './modules/records/index.js';
import { registerSettingsRoutes, tileSourceTracker } from './modules/settings/index.js';
import { registerShareRoutes } from './modules/shares/index.js';
import { registerSiteTranslationRoutes } from './modules/site-translations/index.js';
import { registerTagRoutes } from './modules/tags/index.js';
import { registerUserPictureRoutes } from './modules/user-pictures/index.js';
import { registerInvitationRoutes, registerUserRoutes } from './modules/users/index.js';

export interface BuildOptions {
  /** An already open database (tests); otherwise one is opened from the config. */
  database?: DatabaseHandle;
  logger?: boolean;
  now?: () => Date;
  /** An answer with fields its schema does not declare is an error (default: under tests). */
  strictResponses?: boolean;
  /** Keep archive responses in memory (http/response-cache.ts); off to measure without it. */
  responseCache?: boolean;
  /** Work background jobs in this process once ready (default: config.jobs.workInServer). */
  workJobs?: boolean;
}

/** Builds the whole server without listening, so tests can use app.inject(). */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<{
  app: FastifyInstance;
  ctx: AppContext;
}> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    // One log line per request costs real throughput; keep them for debugging only.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    responseSerializer(options.strictResponses ?? process.env.NODE_ENV === 'test'),
  );

  const ctx = await createContext(config, {
    log: app.log,
    ...(options.database ? { database: options.database } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  // The OCR engine's thread would keep a closed app's process alive until it idles out.
  app.addHook('onClose', () => endOcrEngine());
  app.addHook('onClose', () => ctx.close());

  if (config.firstAdmin) {
    await createFirstAdmin(ctx.db, { ...config.firstAdmin, verified: true }, ctx.now()).then(
      (user) => app.log.info({ email: user.email }, 'first administrator created'),
      (error: unknown) => {
        if (!(error instanceof HttpError)) throw error;
      },
    );
  }

  await app.register(fastifyCookie);
  await registerCompression(app);
  const tiles = tileSourceTracker(ctx.db);
  await tiles.refresh();
  registerSecurityHeaders(
    app,
    {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          // FilePond's image preview decodes pictures in a worker it builds from a blob: URL.
          workerSrc: ["'self'", 'blob:'],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: config.secureCookies ? [] : null,
        },
      },
      // Signed verification links are opened from mail clients; keep the referrer out of them.
      referrerPolicy: { policy: 'same-origin' },
      // Browsers heed HSTS only over HTTPS: over plain HTTP it is a header for nothing.
      strictTransportSecurity: config.secureCookies,
    },
    // The map's tiles come from the tile server the admin chose (modules/settings).
    tiles.current,
  );
  await app.register(fastifySwagger, {
    openapi: {
      // 3.1: schemas are JSON Schema, with `examples` and `null` as types.
      openapi: '3.1.0',
      info: { title: 'Kinfolio API', version: '0.1.0' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'kinfolio_session' },
          xsrf: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  registerErrorHandling(app);
  registerAnswerLanguage(app);
  registerNulRefusal(app);
  // Operators' endpoints, outside the contract's table (http/operational.ts).
  registerHealth(app, ctx);
  registerMetrics(app, ctx);
  const sessions = sessionManager(ctx);
  sessions.register(app);
  if (options.responseCache !== false) registerResponseCache(app, ctx.readStamps);
  const { throttleStore } = registerAuthRoutes(app, ctx, sessions);
  registerUserRoutes(app, ctx);
  registerInvitationRoutes(app, ctx, sessions);
  registerSettingsRoutes(app, ctx, tiles);
  registerCategoryRoutes(app, ctx);
  registerParticipantRoutes(app, ctx);
  registerFamilyRoutes(app, ctx, { createPerson: createPersonWithLife });
  registerGedcomRoutes(app, ctx);
  registerTagRoutes(app, ctx);
  registerSiteTranslationRoutes(app, ctx);
  registerItemRoutes(app, ctx, (words, limit, titleScore) =>
    searchRecordGroups(ctx, words, limit, titleScore),
  );
  registerRecordRoutes(app, ctx);
  registerPlanningRoutes(app, ctx);
  registerJobRoutes(app, ctx);
  registerFaceRoutes(app, ctx);
  registerPlaceRoutes(app, ctx);
  registerOcrRoutes(app, ctx);
  registerExportRoutes(app, ctx);
  await registerFileRoutes(app, ctx, {
    item: (trx, id) => findItemForUpdate(trx, ctx.dialect, id),
    record: (trx, id) => findRecordForUpdate(trx, ctx.dialect === 'postgres')(id),
    attached: (trx, owner, fileIds) =>
      placeFromPhotos(trx, owner, fileIds, ctx.now().toISOString()),
    // A restored deleted media whose owner is gone goes to a new media item.
    createMedia: (trx, { title, language, actor }) =>
      insertItem(
        ctx,
        trx,
        'media',
        { title, content: '', language: language as ContentLanguage, status: 'published' },
        actor,
      ),
  });
  // After the file routes: they register the multipart parser the picture uploads use too.
  registerUserPictureRoutes(app, ctx);
  // After the file routes too: the restore upload is multipart.
  registerBackupRoutes(app, ctx);
  registerImportRoutes(app, ctx);
  registerShareRoutes(app, ctx, throttleStore);
  await registerSpa(app, config.webDist);
  if (options.workJobs ?? config.jobs.workInServer) {
    app.addHook('onReady', () => ctx.jobs.start());
  }

  return { app, ctx };
}
