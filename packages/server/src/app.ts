import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { LIMITS } from '@kinfolio/contract';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { registerAuthRoutes } from './auth/routes.js';
import { sessionManager } from './auth/session.js';
import { sessionsRepository } from './auth/sessions.repository.js';
import { randomToken } from './auth/tokens.js';
import { createFirstAdmin } from './auth/accounts.js';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { connectDatabase, type DatabaseHandle } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { registerErrorHandling, HttpError } from './http/errors.js';
import { registerResponseCache } from './http/response-cache.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerSpa } from './http/spa.js';
import { localStorage } from './storage/local.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { SETTING_KEYS, settingsRepository } from './modules/settings/repository.js';
import { registerCategoryRoutes } from './modules/categories/routes.js';
import { registerFileRoutes } from './modules/files/routes.js';
import { pruneTemporaryUploads } from './modules/files/service.js';
import { registerItemRoutes } from './modules/items/routes.js';
import { registerParticipantRoutes } from './modules/participants/routes.js';
import { registerSettingsRoutes } from './modules/settings/routes.js';
import { registerSiteTranslationRoutes } from './modules/site-translations/routes.js';
import { registerTagRoutes } from './modules/tags/routes.js';
import { registerUserRoutes } from './modules/users/routes.js';

export interface BuildOptions {
  /** An already open database (tests); otherwise one is opened from the config. */
  database?: DatabaseHandle;
  mailer?: Mailer;
  logger?: boolean;
  now?: () => Date;
  /** Keep archive responses in memory (http/response-cache.ts); off to measure without it. */
  responseCache?: boolean;
}

async function appKeyFor(config: Config, handle: DatabaseHandle): Promise<string> {
  if (config.appKey) return config.appKey;
  const settings = settingsRepository(handle.db);
  await settings.insertIfAbsent(SETTING_KEYS.appKey, randomToken(48));
  return (await settings.get(SETTING_KEYS.appKey))!;
}

/** Expired sessions and reset tokens are removed hourly (and at start), not on every request. */
function schedulePruning(app: FastifyInstance, ctx: AppContext) {
  const prune = async () => {
    const now = ctx.now();
    const tokensBefore = new Date(now.getTime() - LIMITS.passwordResetTokenMinutes * 60_000);
    await sessionsRepository(ctx.db).deleteExpired(now.toISOString());
    await ctx.db
      .deleteFrom('password_reset_tokens')
      .where('created_at', '<', tokensBefore.toISOString())
      .execute();
    await pruneTemporaryUploads(ctx, app.log);
  };
  const run = () => prune().catch((err: unknown) => app.log.error({ err }, 'pruning failed'));
  const timer = setInterval(run, 60 * 60 * 1000);
  timer.unref();
  app.addHook('onReady', async () => void run());
  app.addHook('onClose', async () => clearInterval(timer));
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
  app.setSerializerCompiler(serializerCompiler);

  const database = options.database ?? connectDatabase(config.database);
  app.addHook('onClose', async () => {
    await ctx.mailer.close();
    await database.destroy();
  });
  await migrateToLatest(database.db);

  const ctx: AppContext = {
    config,
    db: database.db,
    dialect: database.dialect,
    appKey: await appKeyFor(config, database),
    mailer: options.mailer ?? createMailer(config, app.log),
    storage: localStorage(path.join(config.dataDir, 'files')),
    readStamps: database.readStamps,
    now: options.now ?? (() => new Date()),
  };

  if (config.firstAdmin) {
    await createFirstAdmin(ctx.db, { ...config.firstAdmin, verified: true }, ctx.now()).then(
      (user) => app.log.info({ email: user.email }, 'first administrator created'),
      (error: unknown) => {
        if (!(error instanceof HttpError)) throw error;
      },
    );
  }

  await app.register(fastifyCookie);
  registerSecurityHeaders(app, {
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
  });
  await app.register(fastifySwagger, {
    openapi: {
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
  const sessions = sessionManager(ctx);
  sessions.register(app);
  if (options.responseCache !== false) registerResponseCache(app);
  registerAuthRoutes(app, ctx, sessions);
  registerUserRoutes(app, ctx);
  registerSettingsRoutes(app, ctx);
  registerCategoryRoutes(app, ctx);
  registerParticipantRoutes(app, ctx);
  registerTagRoutes(app, ctx);
  registerSiteTranslationRoutes(app, ctx);
  registerItemRoutes(app, ctx);
  await registerFileRoutes(app, ctx);
  await registerSpa(app, config.webDist);
  schedulePruning(app, ctx);

  return { app, ctx };
}
