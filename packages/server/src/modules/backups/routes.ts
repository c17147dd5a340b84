import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { routes } from '@kinfolio/contract';
import contentDisposition from 'content-disposition';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { found, HttpError } from '../../http/errors.js';
import { addRoute } from '../../http/route.js';
import { say, type MessageKey } from '../../i18n/translate.js';
import { BackupError } from './errors.js';
import { restoreBackup, verifyBackup } from './restore.js';
import { backupTarget, countsOf, declareBackupJobs } from './service.js';

/** A refused backup file as the localised answer it gets. */
export function backupHttpError(error: unknown): unknown {
  if (!(error instanceof BackupError)) return error;
  const key = `backups.${error.problem}` as MessageKey;
  return new HttpError(error.problem === 'not_empty' ? 409 : 422, key);
}

const asciiName = (name: string) => name.replace(/[^\x20-\x7e]/g, '_');

/** The uploaded backup, streamed to a file of its own in the backups folder (never in memory). */
async function receiveBackup(request: FastifyRequest, dir: string): Promise<string> {
  if (!request.isMultipart()) throw new HttpError(415, 'http.unsupported_media_type');
  const part = await request
    .file({ limits: { fileSize: Number.MAX_SAFE_INTEGER, files: 1 } })
    .catch(() => {
      throw new HttpError(400, 'http.bad_request');
    });
  if (!part) throw new HttpError(422, 'backups.no_file');
  await fs.promises.mkdir(dir, { recursive: true });
  const file = path.join(dir, `.upload-${randomUUID()}.tar`);
  try {
    await pipeline(part.file, fs.createWriteStream(file, { flags: 'wx' }));
  } catch {
    await fs.promises.rm(file, { force: true });
    throw new HttpError(400, 'http.bad_request');
  }
  return file;
}

/** The admin's backups (contract backup-routes.ts); every route is admin only. */
export function registerBackupRoutes(app: FastifyInstance, ctx: AppContext) {
  const backups = declareBackupJobs(ctx);

  addRoute(app, routes.backups, async () => ({ data: await backups.list() }));

  addRoute(app, routes.backupCreate, async (request, reply) => {
    const backup = await backups.create('manual', request.auth.user!.id);
    reply.code(202);
    return { message: say(request, 'backups.queued'), backup };
  });

  addRoute(app, routes.backupStatus, async (request) =>
    found(await backups.get(request.params.id)),
  );

  const doneFile = async (id: number) => {
    const backup = found(await backups.get(id));
    if (backup.status !== 'done') throw new HttpError(409, 'backups.not_ready');
    const file = backups.fileOf(backup);
    const stats = await fs.promises.stat(file).catch(() => undefined);
    if (!stats?.isFile()) throw new HttpError(404, 'backups.file_gone');
    return { backup, file, size: stats.size };
  };

  addRoute(app, routes.backupDownload, async (request, reply) => {
    const { backup, file, size } = await doneFile(request.params.id);
    return reply
      .type('application/x-tar')
      .header('Content-Length', size)
      .header('Cache-Control', 'private, no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header(
        'Content-Disposition',
        contentDisposition(backup.file_name, { fallback: asciiName(backup.file_name) }),
      )
      .send(fs.createReadStream(file));
  });

  addRoute(app, routes.backupVerify, async (request) => {
    const { file } = await doneFile(request.params.id);
    try {
      const manifest = await verifyBackup(file);
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
    const file = await receiveBackup(request, backups.dir);
    try {
      const manifest = await restoreBackup(backupTarget(ctx), file);
      request.log.info({ schema: manifest.schema_version }, 'backup restored');
      return { message: say(request, 'backups.restored'), counts: countsOf(manifest) };
    } catch (error) {
      throw backupHttpError(error);
    } finally {
      await fs.promises.rm(file, { force: true });
    }
  });
}
