import type { LifeDate, RelationKind } from '@kinfolio/contract';
import type { ParentKind } from './kinds.js';
import type {
  GedcomChild,
  GedcomEvent,
  GedcomFamily,
  GedcomModel,
  GedcomNode,
  GedcomPerson,
} from './model.js';
import { POINTER, type LifeEventValue, type LifeFields, type PlaceValue } from './plan.js';

/*
 * The archive's people and relations as a GEDCOM model, with what their imports kept.
 */

export interface ArchivePerson {
  id: number;
  name: string;
  life: LifeFields;
  gedcom_extra: unknown;
}

export interface ArchiveRelation {
  id: number;
  type: 'parent' | 'spouse';
  person1_id: number;
  person2_id: number;
  kind: RelationKind;
  start: LifeDate | null;
  end: LifeDate | null;
  place: PlaceValue | null;
  gedcom_extra: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** GEDCOM lines kept in JSON, checked: a hand-edited or foreign value is dropped, not written. */
function nodesOf(value: unknown, depth = 0): GedcomNode[] {
  if (!Array.isArray(value) || depth > 32) return [];
  const nodes: GedcomNode[] = [];
  for (const entry of value) {
    if (!isObject(entry) || typeof entry.tag !== 'string' || !/^_?[A-Za-z0-9_]+$/.test(entry.tag)) {
      continue;
    }
    const node: GedcomNode = { tag: entry.tag };
    if (typeof entry.xref === 'string' && /^[A-Za-z0-9_-]+$/.test(entry.xref))
      node.xref = entry.xref;
    if (typeof entry.value === 'string' && entry.value !== '') node.value = entry.value;
    const children = nodesOf(entry.children, depth + 1);
    if (children.length) node.children = children;
    nodes.push(node);
  }
  return nodes;
}

function eventExtraOf(value: unknown): { extra: GedcomNode[]; place: GedcomNode[] } {
  return isObject(value)
    ? { extra: nodesOf(value.extra), place: nodesOf(value.place_extra) }
    : { extra: [], place: [] };
}

function gedcomEvent(value: LifeEventValue | null, kept: unknown): GedcomEvent | null {
  const { extra, place } = eventExtraOf(kept);
  if (!value && extra.length === 0) return null;
  const where = value?.place ?? null;
  return {
    date: value?.date ?? null,
    place:
      where || place.length
        ? {
            name: where?.name ?? '',
            latitude: where?.latitude ?? null,
            longitude: where?.longitude ?? null,
            extra: place,
          }
        : null,
    extra,
  };
}

/**
 * Renames kept records and the pointers to them: two imports may both have had an `@S1@`, and
 * one record kept by several people is written once (the same JSON, the same record).
 */
class RecordBook {
  readonly records: GedcomNode[] = [];
  private readonly byContent = new Map<string, string>();
  private readonly counts = new Map<string, number>();

  /** Adds a person's or a relation's records; returns how their old xrefs are now called. */
  add(records: GedcomNode[]): Map<string, string> {
    const renames = new Map<string, string>();
    const added: GedcomNode[] = [];
    for (const record of records) {
      if (!record.xref) continue;
      const letter = (record.tag.replace(/^_/, '')[0] ?? 'X').toUpperCase();
      const key = JSON.stringify({ ...record, xref: undefined });
      let xref = this.byContent.get(key);
      if (!xref) {
        const n = (this.counts.get(letter) ?? 0) + 1;
        this.counts.set(letter, n);
        xref = `${letter}${n}`;
        this.byContent.set(key, xref);
        const copy = { ...record, xref };
        added.push(copy);
        this.records.push(copy);
      }
      renames.set(record.xref, xref);
    }
    // The records' own pointers (a source's repository) follow their renaming too.
    for (const record of added) record.children = rename(record.children, renames);
    return renames;
  }
}

/**
 * Lines with their pointers to kept records renamed; a line pointing anywhere else (a person or
 * a family of the imported file, whose xrefs mean nothing here) is left out: no dangling pointer.
 */
function rename(nodes: GedcomNode[] | undefined, renames: Map<string, string>): GedcomNode[] {
  const out: GedcomNode[] = [];
  for (const node of nodes ?? []) {
    const target = POINTER.exec(node.value ?? '')?.[1];
    const renamed = target === undefined ? undefined : renames.get(target);
    if (target !== undefined && !renamed) continue;
    const children = rename(node.children, renames);
    out.push({
      tag: node.tag,
      ...(node.xref ? { xref: node.xref } : {}),
      ...(renamed
        ? { value: `@${renamed}@` }
        : node.value !== undefined
          ? { value: node.value }
          : {}),
      ...(children.length ? { children } : {}),
    });
  }
  return out;
}

const personXref = (id: number) => `I${id}`;

/**
 * The archive's people and relations as a GEDCOM model: a family per couple (their children
 * with them), and a family per parent for a child whose parents are not a couple here.
 */
export function exportModel(people: ArchivePerson[], relations: ArchiveRelation[]): GedcomModel {
  const book = new RecordBook();
  const byId = new Map(people.map((person) => [person.id, person]));
  const fixed = (nodes: GedcomNode[], renames: Map<string, string>) => rename(nodes, renames);
  const fixEvent = (event: GedcomEvent | null, renames: Map<string, string>) =>
    event && {
      ...event,
      extra: fixed(event.extra, renames),
      place: event.place && { ...event.place, extra: fixed(event.place.extra, renames) },
    };

  const out: GedcomPerson[] = people.map((person) => {
    const kept = isObject(person.gedcom_extra) ? person.gedcom_extra : {};
    const renames = book.add(nodesOf(kept.records));
    return {
      xref: personXref(person.id),
      name: person.name,
      given_names: person.life.given_names,
      surname: person.life.surname,
      sex: person.life.sex,
      birth: fixEvent(gedcomEvent(person.life.birth, kept.birth), renames),
      death: fixEvent(gedcomEvent(person.life.death, kept.death), renames),
      biography: person.life.biography,
      name_extra: fixed(nodesOf(kept.name_extra), renames),
      extra: fixed(nodesOf(kept.extra), renames),
    };
  });

  const live = relations.filter((r) => byId.has(r.person1_id) && byId.has(r.person2_id));
  const parentsOf = new Map<number, ArchiveRelation[]>();
  for (const relation of live) {
    if (relation.type !== 'parent') continue;
    const list = parentsOf.get(relation.person2_id) ?? [];
    list.push(relation);
    parentsOf.set(relation.person2_id, list);
  }
  const families: GedcomFamily[] = [];
  const childOf = (relation: ArchiveRelation, childId: number): GedcomChild => ({
    xref: personXref(childId),
    parents: [{ xref: personXref(relation.person1_id), kind: relation.kind as ParentKind }],
    adoption: null,
  });
  const adoptionOf = (relation: ArchiveRelation): GedcomEvent | null => {
    if (relation.kind !== 'adopted') return null;
    const kept = isObject(relation.gedcom_extra) ? relation.gedcom_extra : {};
    const adoption = isObject(kept.adoption) ? kept.adoption : null;
    if (!relation.start && !adoption) return null;
    const renames = book.add(nodesOf(kept.records));
    const place = (adoption?.place ?? null) as PlaceValue | null;
    return fixEvent(gedcomEvent({ date: relation.start, place }, adoption), renames);
  };
  const covered = new Set<number>();
  const isFemale = (id: number) => byId.get(id)?.life.sex === 'female';
  const isMale = (id: number) => byId.get(id)?.life.sex === 'male';

  for (const couple of live.filter((r) => r.type === 'spouse')) {
    const [a, b] = [couple.person1_id, couple.person2_id];
    const [husband, wife] =
      isFemale(a) && !isFemale(b) ? [b, a] : isMale(b) && !isMale(a) ? [b, a] : [a, b];
    const kept = isObject(couple.gedcom_extra) ? couple.gedcom_extra : {};
    const renames = book.add(nodesOf(kept.records));
    const divorce = isObject(kept.divorce) ? kept.divorce : null;
    const family: GedcomFamily = {
      xref: `F${families.length + 1}`,
      husband: personXref(husband),
      wife: personXref(wife),
      kind: couple.kind === 'partners' ? 'partners' : 'married',
      marriage: fixEvent(
        gedcomEvent(
          couple.start || couple.place ? { date: couple.start, place: couple.place } : null,
          kept.marriage,
        ),
        renames,
      ),
      divorce: fixEvent(
        couple.end || divorce
          ? gedcomEvent(
              { date: couple.end, place: (divorce?.place ?? null) as PlaceValue | null },
              divorce,
            )
          : null,
        renames,
      ),
      children: [],
      extra: fixed(nodesOf(kept.extra), renames),
    };
    for (const [childId, parents] of parentsOf) {
      const own = parents.filter((p) => p.person1_id === husband || p.person1_id === wife);
      if (own.length < 2) continue;
      const child: GedcomChild = {
        xref: personXref(childId),
        parents: own
          .sort((p, q) => (p.person1_id === husband ? -1 : q.person1_id === husband ? 1 : 0))
          .map((p) => ({ xref: personXref(p.person1_id), kind: p.kind as ParentKind })),
        adoption: own.map(adoptionOf).find((event) => event !== null) ?? null,
      };
      family.children.push(child);
      for (const p of own) covered.add(p.id);
    }
    families.push(family);
  }

  const solo = new Map<number, GedcomFamily>();
  for (const [childId, parents] of parentsOf) {
    for (const relation of parents) {
      if (covered.has(relation.id)) continue;
      let family = solo.get(relation.person1_id);
      if (!family) {
        const parent = personXref(relation.person1_id);
        family = {
          xref: `F${families.length + 1}`,
          husband: isFemale(relation.person1_id) ? null : parent,
          wife: isFemale(relation.person1_id) ? parent : null,
          kind: 'married',
          marriage: null,
          divorce: null,
          children: [],
          extra: [],
        };
        solo.set(relation.person1_id, family);
        families.push(family);
      }
      family.children.push({ ...childOf(relation, childId), adoption: adoptionOf(relation) });
    }
  }
  return { people: out, families, records: book.records };
}
