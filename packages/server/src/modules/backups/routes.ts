import { randomUUID } from 'node:crypto';
import { routes } from '@kinfolio/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { found, HttpError } from '../../http/errors.js';
import { addRoute } from '../../http/route.js';
import { say, type MessageKey } from '../../i18n/translate.js';
import { sendStored } from '../../storage/index.js';
import type { FileStorage } from '../../storage/storage.js';
import { BackupError } from './errors.js';
import { restoreBackup, storedBackup, verifyBackup } from './restore.js';
import { backupService, backupTarget, countsOf } from './service.js';

/** A refused backup file as the localised answer it gets. */
export function backupHttpError(error: unknown): unknown {
  if (!(error instanceof BackupError)) return error;
  const key = `backups.${error.problem}` as MessageKey;
  return new HttpError(error.problem === 'not_empty' ? 409 : 422, key);
}

/**
 * The uploaded backup, streamed into the restores storage under a key of its own (never in
 * memory, never on an instance's disk of its own, so any instance or storage will do); its key.
 */
async function receiveBackup(request: FastifyRequest, restores: FileStorage): Promise<string> {
  if (!request.isMultipart()) throw new HttpError(415, 'http.unsupported_media_type');
  const part = await request
    .file({ limits: { fileSize: Number.MAX_SAFE_INTEGER, files: 1 } })
    .catch(() => {
      throw new HttpError(400, 'http.bad_request');
    });
  if (!part) throw new HttpError(422, 'backups.no_file');
  const key = `upload-${randomUUID()}.tar`;
  try {
    await restores.put(key, part.file, { contentType: 'application/x-tar' });
  } catch {
    await restores.delete(key).catch(() => undefined);
    throw new HttpError(400, 'http.bad_request');
  }
  return key;
}

/** The admin's backups (contract backup-routes.ts); every route is admin only. */
export function registerBackupRoutes(app: FastifyInstance, ctx: AppContext) {
  // The jobs are declared with the module's (declareBackupJobs, from app.ts), routes or not.
  const backups = backupService(ctx);

  addRoute(app, routes.backups, async () => ({ data: await backups.list() }));

  addRoute(app, routes.backupCreate, async (request, reply) => {
    const backup = await backups.create('manual', request.auth.user!.id);
    reply.code(202);
    return { message: say(request, 'backups.queued'), backup };
  });

  addRoute(app, routes.backupStatus, async (request) =>
    found(await backups.get(request.params.id)),
  );

  const doneBackup = async (id: number) => {
    const backup = found(await backups.get(id));
    if (backup.status !== 'done') throw new HttpError(409, 'backups.not_ready');
    const stored = await backups.stored(backup);
    if (!stored) throw new HttpError(404, 'backups.file_gone');
    return { backup, stored };
  };

  addRoute(app, routes.backupDownload, async (request, reply) => {
    const { backup, stored } = await doneBackup(request.params.id);
    return sendStored(
      {
        storage: ctx.storage.backups,
        key: backup.file_name,
        size: stored.size,
        // A backup's bytes never change under its name: its checksum is a strong validator.
        etag: `"${backup.sha256 ?? backup.file_name}"`,
        type: 'application/x-tar',
        disposition: { name: backup.file_name, inline: false },
        cacheControl: 'private, no-store',
        csp: "default-src 'none'; sandbox",
        // A large backup's download can resume where it broke off.
        ranges: true,
      },
      request,
      reply,
    );
  });

  addRoute(app, routes.backupVerify, async (request) => {
    const { stored } = await doneBackup(request.params.id);
    try {
      const manifest = await verifyBackup(stored);
      return {
        message: say(request, 'backups.verified'),
        format_version: manifest.format_version,
        schema_version: manifest.schema_version,
        app_version: manifest.app_version,
        entries: manifest.entries.length,
      };
    } catch (error) {
      throw backupHttpError(error);
    }
  });

  addRoute(app, routes.backupDelete, async (request) => {
    const backup = found(await backups.get(request.params.id));
    if (backup.status === 'running') throw new HttpError(409, 'backups.running');
    await backups.remove(backup.id);
    return { message: say(request, 'backups.deleted') };
  });

  addRoute(app, routes.backupSchedule, () => backups.schedule());

  addRoute(app, routes.backupScheduleUpdate, async (request) => {
    await backups.saveSchedule(request.body);
    return { message: say(request, 'backups.schedule_saved'), schedule: await backups.schedule() };
  });

  addRoute(app, routes.backupRestore, async (request) => {
    const restores = ctx.storage.restores;
    const key = await receiveBackup(request, restores);
    try {
      const upload = await storedBackup(restores, key);
      if (!upload) throw new HttpError(400, 'http.bad_request');
      const manifest = await restoreBackup(backupTarget(ctx), upload);
      request.log.info({ schema: manifest.schema_version }, 'backup restored');
      return { message: say(request, 'backups.restored'), counts: countsOf(manifest) };
    } catch (error) {
      throw backupHttpError(error);
    } finally {
      await restores.delete(key);
    }
  });
}
