import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { ParticipantLifeInput } from '@kinfolio/contract';
import { sql, type Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { stampedTransaction } from '../../db/stamps.js';
import { FieldValidationError } from '../../http/errors.js';
import type { MessageKey } from '../../i18n/translate.js';
import { addRelation, findMatches, saveLife, type FamilyActor } from '../family/index.js';
import { ImportError } from './errors.js';
import type { SourceFindings } from './findings.js';
import { participantName } from './run.js';
import type { ImportSource } from './sources.js';
import type { OpenedSource, SourceEntry } from './source.js';
import { createPersonWithLife } from '../participants/index.js';
import {
  GEDCOM_LIMITS,
  GedcomReadError,
  looksLikeGedcom,
  planPeople,
  planRelations,
  readGedcom,
  type GedcomModel,
  type LifeFields,
  type PersonExtra,
  type PersonPlan,
  type RelationPlan,
} from '../gedcom/index.js';

async function readUpTo(stream: Readable, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    length += (chunk as Buffer).length;
    if (length > max) {
      stream.destroy();
      throw new GedcomReadError('too_large', 'larger than a family tree');
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

async function headOf(entry: SourceEntry): Promise<Buffer> {
  const stream = await entry.open();
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    length += (chunk as Buffer).length;
    if (length >= 32) break;
  }
  stream.destroy();
  return Buffer.concat(chunks).subarray(0, 32);
}

/** The entries that open like GEDCOM ("0 HEAD"), whatever their name. */
async function gedcomEntries(source: OpenedSource): Promise<SourceEntry[]> {
  const found: SourceEntry[] = [];
  for (const entry of source.entries) {
    if (entry.mime || entry.size === 0) continue;
    if (looksLikeGedcom(await headOf(entry))) found.push(entry);
  }
  return found;
}

interface ReadFile {
  entry: SourceEntry;
  model: GedcomModel;
  /** Identifies the file's people across imports when they carry no `_UID`. */
  fileKey: string;
  people: PersonPlan[];
  relations: RelationPlan[];
}

/** A file read whole; a file that is not one we read refuses the source (nothing imported). */
async function readFile(entry: SourceEntry): Promise<ReadFile> {
  try {
    if (entry.size > GEDCOM_LIMITS.maxBytes) {
      throw new GedcomReadError('too_large', 'larger than a family tree');
    }
    const bytes = await readUpTo(await entry.open(), GEDCOM_LIMITS.maxBytes);
    const model = readGedcom(bytes);
    const fileKey = createHash('sha256').update(bytes).digest('hex').slice(0, 24);
    return {
      entry,
      model,
      fileKey,
      people: planPeople(model, fileKey),
      relations: planRelations(model),
    };
  } catch (error) {
    if (!(error instanceof GedcomReadError)) throw error;
    if (error.reason === 'too_large') {
      throw new ImportError('gedcom_too_large', {
        name: entry.path,
        max: `${GEDCOM_LIMITS.maxBytes / 1024 / 1024} MB`,
      });
    }
    throw new ImportError('gedcom_unreadable', { name: entry.path });
  }
}

/** The preview's key for a person: the xref, with the file's path when a source holds several. */
const personKey = (files: ReadFile[], file: ReadFile, xref: string) =>
  files.length > 1 ? `${file.entry.path}#${xref}` : xref;

type Executor = AppContext['db'] | Transaction<Database>;

/** Every participant an earlier GEDCOM import made or matched, by the keys it kept. */
async function knownKeys(db: Executor): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('participants')
    .select(['id', 'gedcom_extra'])
    .where('gedcom_extra', 'is not', null)
    .execute();
  const known = new Map<string, number>();
  for (const row of rows) {
    try {
      const extra = JSON.parse(row.gedcom_extra ?? 'null') as { keys?: unknown };
      if (!Array.isArray(extra?.keys)) continue;
      for (const key of extra.keys) if (typeof key === 'string') known.set(key, row.id);
    } catch {
      continue;
    }
  }
  return known;
}

/**
 * The participant an individual most likely is: one of the same name (or surname and given
 * names) whose birth is that year or unknown, the exact name first.
 */
async function suggestion(
  db: Executor,
  plan: PersonPlan,
): Promise<{ id: number; name: string } | null> {
  const year = plan.life.birth?.date?.start?.year;
  const candidates = await findMatches(db, {
    name: participantName(plan.name) || undefined,
    surname: plan.life.surname ?? undefined,
    given_names: plan.life.given_names ?? undefined,
    birth_year: year,
  });
  const exact = participantName(plan.name).toLowerCase();
  const best = candidates.find((c) => c.name.toLowerCase() === exact) ?? candidates[0];
  return best ? { id: best.id, name: best.name } : null;
}

const known = (plan: PersonPlan, keys: Map<string, number>) =>
  plan.extra.keys.map((key) => keys.get(key)).find((id) => id !== undefined);

/** The life to save: what the file says; what it leaves empty is left as the archive has it. */
function lifeInput(life: LifeFields): ParticipantLifeInput {
  const input: ParticipantLifeInput = {};
  if (life.given_names) input.given_names = life.given_names;
  if (life.surname) input.surname = life.surname;
  if (life.sex) input.sex = life.sex;
  if (life.birth) input.birth = life.birth;
  if (life.death) input.death = life.death;
  if (life.biography) input.biography = life.biography;
  return input;
}

/** The kept GEDCOM of a participant met again: the file's, and every key it was known by. */
function mergedExtra(current: string | null, extra: PersonExtra): PersonExtra {
  try {
    const before = JSON.parse(current ?? 'null') as { keys?: unknown } | null;
    const keys = Array.isArray(before?.keys)
      ? before.keys.filter((k): k is string => typeof k === 'string')
      : [];
    return { ...extra, keys: [...new Set([...keys, ...extra.keys])] };
  } catch {
    return extra;
  }
}

const REFUSALS: Record<string, MessageKey> = {
  'family.cycle': 'imports.gedcom_refused_cycle',
  'family.self': 'imports.gedcom_refused_self',
  'family.too_many_parents': 'imports.gedcom_refused_parents',
};

async function relationExists(trx: Transaction<Database>, type: string, a: number, b: number) {
  const pair = type === 'spouse' ? [Math.min(a, b), Math.max(a, b)] : [a, b];
  const row = await trx
    .selectFrom('participant_relations')
    .select('id')
    .where('type', '=', type)
    .where('person1_id', '=', pair[0]!)
    .where('person2_id', '=', pair[1]!)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A GEDCOM file (Gramps, Geneanet, Ancestry… 5.5.1 or 7.0): its individuals become participants
 * (the one chosen on the preview, else the one an earlier import of them made, else one of the
 * same name and birth year, else a new one), its families relations. A file is imported in one
 * transaction: all of it or, on a failure, none; a relation the tree refuses (a cycle) is left
 * out and reported. The keys each person is known by are kept with them, so importing the same
 * file again adds no one and no relation.
 */
export const gedcomSource: ImportSource = {
  kind: 'gedcom',
  recognise: async (source) => (await gedcomEntries(source)).length > 0,
  claim: gedcomEntries,
  async analyse(ctx, source, _dir, findings: SourceFindings) {
    const entries = await gedcomEntries(source);
    const files: ReadFile[] = [];
    for (const entry of entries) files.push(await readFile(entry));
    const keys = await knownKeys(ctx.db);
    for (const file of files) {
      const ids = new Map<string, number>();
      for (const plan of file.people) {
        const before = known(plan, keys);
        const id = before ?? (await suggestion(ctx.db, plan))?.id;
        if (before !== undefined) findings.existing();
        const row =
          id === undefined
            ? undefined
            : await ctx.db
                .selectFrom('participants')
                .select(['id', 'name'])
                .where('id', '=', id)
                .executeTakeFirst();
        findings.identified(personKey(files, file, plan.xref), plan.name || plan.xref, row ?? null);
        if (row) ids.set(plan.xref, row.id);
        const year = plan.life.birth?.date?.start;
        if (year)
          findings.date(new Date(Date.UTC(year.year, (year.month ?? 1) - 1, year.day ?? 1)));
      }
      for (const relation of file.relations) {
        const a = ids.get(relation.person1);
        const b = ids.get(relation.person2);
        const there =
          a !== undefined &&
          b !== undefined &&
          (await ctx.db
            .selectFrom('participant_relations')
            .select('id')
            .where('type', '=', relation.type)
            .where((eb) =>
              eb.or([
                eb.and([eb('person1_id', '=', a), eb('person2_id', '=', b)]),
                ...(relation.type === 'spouse'
                  ? [eb.and([eb('person1_id', '=', b), eb('person2_id', '=', a)])]
                  : []),
              ]),
            )
            .executeTakeFirst());
        if (there) findings.existing();
        else findings.add('relations');
      }
    }
  },
  async run(run, source, _dir, progress) {
    const entries = await gedcomEntries(source);
    const files: ReadFile[] = [];
    for (const entry of entries) files.push(await readFile(entry));
    const actor: FamilyActor = run.actor ?? { id: null, name: 'Kinfolio' };
    for (const [index, file] of files.entries()) {
      run.signal?.throwIfAborted();
      const outcome = await stampedTransaction(run.ctx.db, 'archive', (trx) =>
        importFile(run.ctx, trx, files, file, run.options.people, actor),
      );
      run.report.counts.created += outcome.people.length + outcome.relations.length;
      run.report.counts.existing += outcome.existing;
      if (outcome.people.length) (run.report.created.participants ??= []).push(...outcome.people);
      if (outcome.relations.length)
        (run.report.created.relations ??= []).push(...outcome.relations);
      run.report.errors.push(...outcome.refused);
      if (!file.model.people.length) run.skip(file.entry.path, 'empty');
      await progress((index + 1) / files.length);
    }
  },
};

interface FileOutcome {
  people: number[];
  relations: number[];
  existing: number;
  refused: { key: MessageKey; params: Record<string, string> }[];
}

async function importFile(
  ctx: AppContext,
  trx: Transaction<Database>,
  files: ReadFile[],
  file: ReadFile,
  chosen: Record<string, number | null>,
  actor: FamilyActor,
): Promise<FileOutcome> {
  const now = ctx.now().toISOString();
  const outcome: FileOutcome = { people: [], relations: [], existing: 0, refused: [] };
  const keys = await knownKeys(trx);
  const ids = new Map<string, number>();
  const names = new Map<string, string>();
  for (const plan of file.people) {
    const choice = chosen[personKey(files, file, plan.xref)];
    let id: number | undefined;
    if (typeof choice === 'number') id = choice;
    else
      id = known(plan, keys) ?? (choice === null ? undefined : (await suggestion(trx, plan))?.id);
    const row =
      id === undefined
        ? undefined
        : await trx
            .selectFrom('participants')
            .select(['id', 'name', 'gedcom_extra'])
            .where('id', '=', id)
            .executeTakeFirst();
    if (row) {
      await saveLife(
        trx,
        row.id,
        { ...lifeInput(plan.life), gedcom_extra: mergedExtra(row.gedcom_extra, plan.extra) },
        actor,
        now,
      );
      outcome.existing += 1;
      ids.set(plan.xref, row.id);
      names.set(plan.xref, row.name);
    } else {
      const name = participantName(plan.name) || plan.xref;
      const made = await createPersonWithLife(
        trx,
        { name, life: lifeInput(plan.life), gedcom_extra: plan.extra },
        actor,
        now,
        { uniqueName: true },
      );
      outcome.people.push(made.id);
      ids.set(plan.xref, made.id);
      names.set(plan.xref, made.name);
    }
    for (const key of plan.extra.keys) keys.set(key, ids.get(plan.xref)!);
  }
  for (const relation of file.relations) {
    const a = ids.get(relation.person1);
    const b = ids.get(relation.person2);
    if (a === undefined || b === undefined) continue;
    if (a !== b && (await relationExists(trx, relation.type, a, b))) {
      outcome.existing += 1;
      continue;
    }
    // A refused relation is rolled back alone: on PostgreSQL a failed statement would end the
    // whole transaction, and the rest of the family is still to be written.
    await sql`savepoint gedcom_relation`.execute(trx);
    try {
      const row = await addRelation(
        trx,
        {
          type: relation.type,
          person1_id: a,
          person2_id: b,
          kind: relation.kind,
          start: relation.start,
          end: relation.end,
          place: relation.place,
          ...(relation.extra ? { gedcom_extra: relation.extra } : {}),
        },
        actor,
        now,
      );
      await sql`release savepoint gedcom_relation`.execute(trx);
      outcome.relations.push(row.id);
    } catch (error) {
      await sql`rollback to savepoint gedcom_relation`.execute(trx);
      if (!(error instanceof FieldValidationError)) throw error;
      const reason = Object.values(error.fields).flat()[0] ?? error.messageKey;
      if (reason === 'family.duplicate') {
        outcome.existing += 1;
        continue;
      }
      outcome.refused.push({
        key: REFUSALS[reason] ?? 'imports.gedcom_refused_other',
        params: {
          first: names.get(relation.person1) ?? relation.person1,
          second: names.get(relation.person2) ?? relation.person2,
          family: relation.family,
        },
      });
    }
  }
  return outcome;
}
