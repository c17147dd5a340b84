/**
 * GEDCOM in and out: reading a file into a model and writing one (pure), what an import saves
 * (plan.ts; the import source itself is modules/imports/gedcom-source.ts) and `GET /api/gedcom`.
 */
export { registerGedcomRoutes, gedcomExport } from './routes.js';
export { GEDCOM_LIMITS, GedcomReadError, looksLikeGedcom } from './bytes.js';
export { readGedcom, type GedcomRead, type GedcomWarning } from './read.js';
export { writeGedcom } from './write.js';
export type { GedcomModel, GedcomNode } from './model.js';
export {
  planPeople,
  planRelations,
  type LifeFields,
  type PersonExtra,
  type PersonPlan,
  type RelationPlan,
} from './plan.js';
