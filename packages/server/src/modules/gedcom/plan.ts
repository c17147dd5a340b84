import type { LifeDate, RelationKind, Sex } from '@kinfolio/contract';
import type { GedcomEvent, GedcomModel, GedcomNode, GedcomPerson, GedcomPlace } from './model.js';

/*
 * What an import saves from the GEDCOM model, without the database: lives, relations, and the
 * GEDCOM kept in `gedcom_extra` so that an export (export-model.ts) gives it back.
 */

export interface PlaceValue {
  name: string;
  latitude: number | null;
  longitude: number | null;
}

export interface LifeEventValue {
  date: LifeDate | null;
  place: PlaceValue | null;
}

/** A person's life as the family module keeps it (`LifeValue` without the portrait). */
export interface LifeFields {
  given_names: string | null;
  surname: string | null;
  sex: Sex | null;
  birth: LifeEventValue | null;
  death: LifeEventValue | null;
  biography: string | null;
}

/** What of an event has no field: its other lines, and those under its place. */
interface EventExtra {
  extra?: GedcomNode[];
  place_extra?: GedcomNode[];
}

/** The GEDCOM a person keeps (`participants.gedcom_extra`). */
export interface PersonExtra {
  /** The keys this person was imported under (see `personKeys`). */
  keys: string[];
  name_extra?: GedcomNode[];
  extra?: GedcomNode[];
  birth?: EventExtra;
  death?: EventExtra;
  /**
   * The records (sources, repositories…) the lines above point to, whole; the file's first
   * person also keeps those no one in the file cites, so that an export gives them back.
   */
  records?: GedcomNode[];
}

/** The GEDCOM a relation keeps (`participant_relations.gedcom_extra`). */
export interface RelationExtra {
  extra?: GedcomNode[];
  marriage?: EventExtra;
  /** The divorce as read: its place and lines (its date is the relation's end). */
  divorce?: { place: PlaceValue | null } & EventExtra;
  adoption?: { place: PlaceValue | null } & EventExtra;
  records?: GedcomNode[];
}

export const POINTER = /^@([^@#]+)@$/;

/** The records `nodes` point to, and those they point to in turn. */
function recordsCited(nodes: GedcomNode[], records: Map<string, GedcomNode>): GedcomNode[] {
  const found = new Map<string, GedcomNode>();
  const visit = (list: GedcomNode[] | undefined) => {
    for (const node of list ?? []) {
      const target = POINTER.exec(node.value ?? '')?.[1];
      const record = target === undefined ? undefined : records.get(target);
      if (target !== undefined && record && !found.has(target)) {
        found.set(target, record);
        visit(record.children);
      }
      visit(node.children);
    }
  };
  visit(nodes);
  return [...found.values()];
}

const nonEmpty = <T>(list: T[] | undefined) => (list && list.length > 0 ? list : undefined);

function eventExtra(event: GedcomEvent | null): EventExtra | undefined {
  if (!event) return undefined;
  const extra = nonEmpty(event.extra);
  const place = nonEmpty(event.place?.extra);
  return extra || place
    ? { ...(extra ? { extra } : {}), ...(place ? { place_extra: place } : {}) }
    : undefined;
}

function placeValue(place: GedcomPlace | null): PlaceValue | null {
  if (!place || (place.name === '' && place.latitude === null)) return null;
  return { name: place.name, latitude: place.latitude, longitude: place.longitude };
}

const eventValue = (event: GedcomEvent | null): LifeEventValue | null =>
  event && { date: event.date, place: placeValue(event.place) };

/** An imported person: their life, and the GEDCOM kept for the export. */
export interface PersonPlan {
  xref: string;
  name: string;
  life: LifeFields;
  extra: PersonExtra;
}

export interface RelationPlan {
  type: 'parent' | 'spouse';
  /** For `parent`, the parent; for `spouse`, the husband (or the one named first). */
  person1: string;
  person2: string;
  kind: RelationKind;
  start: LifeDate | null;
  end: LifeDate | null;
  place: PlaceValue | null;
  extra: RelationExtra | null;
  /** The family it comes from, for the report. */
  family: string;
}

/**
 * The keys a person is known by across imports: their `_UID` (Gramps, RootsMagic… keep it from
 * one export to the next), else the file's identity and the xref.
 */
export function personKeys(person: GedcomPerson, fileKey: string): string[] {
  const uids = person.extra
    .filter((node) => (node.tag === '_UID' || node.tag === 'UID') && node.value)
    .map((node) => `uid:${(node.value ?? '').trim().toUpperCase()}`);
  return [...uids, `file:${fileKey}:${person.xref}`];
}

/** The records nothing of a person or a family points to, even through another record. */
export function uncitedRecords(model: GedcomModel): GedcomNode[] {
  const records = new Map(model.records.map((record) => [record.xref ?? '', record]));
  const events = (event: GedcomEvent | null) => [
    ...(event?.extra ?? []),
    ...(event?.place?.extra ?? []),
  ];
  const cited = recordsCited(
    [
      ...model.people.flatMap((person) => [
        ...person.extra,
        ...person.name_extra,
        ...events(person.birth),
        ...events(person.death),
      ]),
      ...model.families.flatMap((family) => [
        ...family.extra,
        ...events(family.marriage),
        ...events(family.divorce),
        ...family.children.flatMap((child) => events(child.adoption)),
      ]),
    ],
    records,
  );
  const reached = new Set(cited.map((record) => record.xref));
  return model.records.filter((record) => record.xref && !reached.has(record.xref));
}

export function planPeople(model: GedcomModel, fileKey: string): PersonPlan[] {
  const records = new Map(model.records.map((record) => [record.xref ?? '', record]));
  const uncited = uncitedRecords(model);
  return model.people.map((person, index) => {
    const cited = recordsCited(
      [
        ...person.extra,
        ...person.name_extra,
        ...(person.birth?.extra ?? []),
        ...(person.death?.extra ?? []),
        ...(person.birth?.place?.extra ?? []),
        ...(person.death?.place?.extra ?? []),
      ],
      records,
    );
    if (index === 0) cited.push(...uncited);
    const birth = eventExtra(person.birth);
    const death = eventExtra(person.death);
    const extra: PersonExtra = {
      keys: personKeys(person, fileKey),
      ...(nonEmpty(person.name_extra) ? { name_extra: person.name_extra } : {}),
      ...(nonEmpty(person.extra) ? { extra: person.extra } : {}),
      ...(birth ? { birth } : {}),
      ...(death ? { death } : {}),
      ...(cited.length ? { records: cited } : {}),
    };
    return {
      xref: person.xref,
      name: person.name,
      life: {
        given_names: person.given_names,
        surname: person.surname,
        sex: person.sex,
        birth: eventValue(person.birth),
        death: eventValue(person.death),
        biography: person.biography,
      },
      extra,
    };
  });
}

/** A family's relations: the couple's, and each child's with each parent. */
export function planRelations(model: GedcomModel): RelationPlan[] {
  const records = new Map(model.records.map((record) => [record.xref ?? '', record]));
  const plans: RelationPlan[] = [];
  for (const family of model.families) {
    if (family.husband && family.wife) {
      const marriage = eventExtra(family.marriage);
      const divorce = family.divorce && {
        place: placeValue(family.divorce.place),
        ...eventExtra(family.divorce),
      };
      const nodes = [
        ...family.extra,
        ...(family.marriage?.extra ?? []),
        ...(family.divorce?.extra ?? []),
      ];
      const cited = recordsCited(nodes, records);
      const extra: RelationExtra = {
        ...(nonEmpty(family.extra) ? { extra: family.extra } : {}),
        ...(marriage ? { marriage } : {}),
        ...(divorce ? { divorce } : {}),
        ...(cited.length ? { records: cited } : {}),
      };
      plans.push({
        type: 'spouse',
        person1: family.husband,
        person2: family.wife,
        kind: family.kind,
        start: family.marriage?.date ?? null,
        end: family.divorce?.date ?? null,
        place: placeValue(family.marriage?.place ?? null),
        extra: Object.keys(extra).length ? extra : null,
        family: family.xref,
      });
    }
    for (const child of family.children) {
      for (const parent of child.parents) {
        const adoption = parent.kind === 'adopted' ? child.adoption : null;
        const kept = adoption && { place: placeValue(adoption.place), ...eventExtra(adoption) };
        const cited = adoption ? recordsCited(adoption.extra, records) : [];
        plans.push({
          type: 'parent',
          person1: parent.xref,
          person2: child.xref,
          kind: parent.kind,
          start: adoption?.date ?? null,
          end: null,
          place: null,
          extra: kept ? { adoption: kept, ...(cited.length ? { records: cited } : {}) } : null,
          family: family.xref,
        });
      }
    }
  }
  return plans;
}
