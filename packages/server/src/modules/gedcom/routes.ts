import { routes } from '@kinfolio/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { fieldError, found } from '../../http/errors.js';
import { addRoute } from '../../http/route.js';
import { familyForExport, treeIds } from '../family/index.js';
import { exportModel } from './export-model.js';
import { writeGedcom } from './write.js';

/**
 * The family as a GEDCOM 5.5.1 file: everyone, or a person's ancestors, descendants or both
 * (`family`) up to `generations`. Built whole in memory: a family of 5,000 people is a few MB.
 */
export async function gedcomExport(
  ctx: AppContext,
  query: {
    participant?: number | undefined;
    scope: 'all' | 'ancestors' | 'descendants' | 'family';
    generations?: number | undefined;
  },
): Promise<string | undefined> {
  let ids: number[] | undefined;
  if (query.scope !== 'all' || query.participant !== undefined) {
    if (query.participant === undefined)
      throw fieldError('participant', 'gedcom.participant_required');
    if (query.scope === 'all') {
      ids = undefined;
    } else {
      ids = await treeIds(ctx.db, query.participant, query.generations, query.scope);
      if (!ids) return undefined;
    }
  }
  const { people, relations } = await familyForExport(ctx.db, ids);
  return writeGedcom(exportModel(people, relations), { date: ctx.now() });
}

export function registerGedcomRoutes(app: FastifyInstance, ctx: AppContext) {
  addRoute(app, routes.gedcom, async (request, reply) => {
    const text = found(await gedcomExport(ctx, request.query));
    reply.header('Content-Type', 'text/plain; charset=utf-8');
    reply.header('Content-Disposition', 'attachment; filename="family.ged"');
    reply.header('Cache-Control', 'private, no-store');
    return reply.send(Buffer.from(text, 'utf8'));
  });
}
