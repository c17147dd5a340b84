import { routes } from '@kinfolio/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.js';
import { fieldError, found } from '../../../http/errors.js';
import { addRoute } from '../../../http/route.js';
import { say } from '../../../i18n/translate.js';
import { recordsRepository } from '../repository.js';
import type { Actor } from '../service.js';
import { detectionStatus, enqueueDetection, hasAudio } from './detect-job.js';
import { ohmsXml } from './ohms.js';
import { listSegments } from './present.js';
import { createSegment, deleteSegment, segmentsFromTimeCodes, updateSegment } from './service.js';

/** A record that exists (in the trash or not), else 404. */
async function existingRecord(ctx: AppContext, id: number) {
  return found(await recordsRepository(ctx.db).find(id));
}

/** Records' segments (routes declared in the contract's record-routes.ts). */
export function registerRecordSegmentRoutes(app: FastifyInstance, ctx: AppContext) {
  // Who changed the index: the record's history names them.
  const actor = (request: FastifyRequest): Actor => {
    const user = request.auth.user!;
    return { id: user.id, name: user.name };
  };

  addRoute(app, routes.recordSegments, async (request) => {
    await existingRecord(ctx, request.params.id);
    return { data: await listSegments(ctx.db, request.params.id) };
  });

  addRoute(app, routes.recordSegmentsOhms, async (request, reply) => {
    const record = await existingRecord(ctx, request.params.id);
    const [segments, people] = await Promise.all([
      listSegments(ctx.db, record.id),
      recordsRepository(ctx.db).people([record.id]),
    ]);
    const xml = ohmsXml(
      {
        id: record.id,
        title: record.title || [record.number, record.face].filter(Boolean).join(' '),
        number: record.number,
        date: (record.registration_date ?? '').slice(0, 10),
        language: record.lang,
        people: people.map((p) => p.name),
        summary: record.summary,
      },
      segments,
    );
    return reply
      .type('application/xml; charset=utf-8')
      .header('Content-Disposition', `inline; filename="record-${record.id}-index.xml"`)
      .header('Cache-Control', 'private, no-cache')
      .send(Buffer.from(xml, 'utf8'));
  });

  addRoute(app, routes.recordSegmentCreate, async (request, reply) => {
    const result = found(await createSegment(ctx, request.params.id, request.body, actor(request)));
    reply.code(201);
    return { message: say(request, result.message), segment: result.segment, data: result.data };
  });

  addRoute(app, routes.recordSegmentsDetect, async (request, reply) => {
    const id = request.params.id;
    const record = await existingRecord(ctx, id);
    if (record.deleted_at) throw fieldError('record', 'record_segments.record_trashed');
    if (!(await hasAudio(ctx, id))) throw fieldError('files', 'record_segments.no_parts');
    const jobId = await enqueueDetection(ctx, id, request.body);
    const status = await detectionStatus(ctx, id);
    reply.code(202);
    return {
      message: say(request, 'record_segments.detect_queued'),
      ...status,
      job_id: status.job_id ?? jobId,
    };
  });

  addRoute(app, routes.recordSegmentsDetection, async (request) => {
    await existingRecord(ctx, request.params.id);
    return detectionStatus(ctx, request.params.id);
  });

  addRoute(app, routes.recordSegmentsFromTimeCodes, async (request) => {
    const result = found(await segmentsFromTimeCodes(ctx, request.params.id, actor(request)));
    return {
      message: say(request, 'record_segments.from_time_codes', { count: result.created }),
      ...result,
    };
  });

  addRoute(app, routes.recordSegmentUpdate, async (request) => {
    const result = found(await updateSegment(ctx, request.params.id, request.body, actor(request)));
    return { message: say(request, result.message), segment: result.segment, data: result.data };
  });

  addRoute(app, routes.recordSegmentDelete, async (request) => {
    const data = found(await deleteSegment(ctx, request.params.id, actor(request)));
    return { message: say(request, 'record_segments.deleted'), data };
  });
}
