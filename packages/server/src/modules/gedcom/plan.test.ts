import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exportModel, type ArchivePerson, type ArchiveRelation } from './export-model.js';
import type { GedcomModel, GedcomNode } from './model.js';
import { planPeople, planRelations } from './plan.js';
import { readGedcom } from './read.js';
import { writeGedcom } from './write.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

/** What the archive would hold after importing `model`: ids in order, JSON as stored. */
function archiveOf(model: GedcomModel): { people: ArchivePerson[]; relations: ArchiveRelation[] } {
  const plans = planPeople(model, 'file');
  const ids = new Map(plans.map((plan, i) => [plan.xref, i + 1]));
  const stored = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
  return {
    people: plans.map((plan, i) => ({
      id: i + 1,
      name: plan.name,
      life: plan.life,
      gedcom_extra: stored(plan.extra),
    })),
    relations: planRelations(model).map((plan, i) => ({
      id: i + 1,
      type: plan.type,
      person1_id: ids.get(plan.person1)!,
      person2_id: ids.get(plan.person2)!,
      kind: plan.kind,
      start: plan.start,
      end: plan.end,
      place: plan.place,
      gedcom_extra: stored(plan.extra),
    })),
  };
}

/**
 * A model with its xrefs replaced by what they name (a person's name, a record's content), so
 * that two files of the same family compare equal whatever they number their records.
 */
function comparable(model: GedcomModel) {
  const names = new Map(model.people.map((p) => [p.xref, p.name]));
  const records = new Map(model.records.map((r) => [r.xref ?? '', r]));
  const resolve = (nodes: GedcomNode[] | undefined, depth = 0): unknown[] =>
    (nodes ?? []).map((node) => {
      const target = /^@(.+)@$/.exec(node.value ?? '')?.[1];
      const record = target === undefined ? undefined : records.get(target);
      return {
        tag: node.tag,
        value:
          record && depth < 4 ? resolve([{ ...record, xref: undefined }], depth + 1) : node.value,
        children: resolve(node.children, depth),
      };
    });
  const event = (e: GedcomModel['people'][number]['birth']) =>
    e && {
      ...e,
      extra: resolve(e.extra),
      place: e.place && { ...e.place, extra: resolve(e.place.extra) },
    };
  return {
    people: model.people
      .map((p) => ({
        ...p,
        xref: undefined,
        birth: event(p.birth),
        death: event(p.death),
        extra: resolve(p.extra),
        name_extra: resolve(p.name_extra),
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    families: model.families
      .map((f) => ({
        ...f,
        xref: undefined,
        husband: names.get(f.husband ?? ''),
        wife: names.get(f.wife ?? ''),
        marriage: event(f.marriage),
        divorce: event(f.divorce),
        extra: resolve(f.extra),
        children: f.children
          .map((c) => ({
            name: names.get(c.xref),
            parents: c.parents.map((p) => ({ name: names.get(p.xref), kind: p.kind })),
            adoption: event(c.adoption),
          }))
          .sort((a, b) => (a.name ?? '').localeCompare(b.name ?? '')),
      }))
      .sort((a, b) => `${a.husband}${a.wife}`.localeCompare(`${b.husband}${b.wife}`)),
  };
}

describe('a GEDCOM file through the archive and out again', () => {
  it.each(['gramps-ansel.ged', 'geneanet-bom.ged', 'gedcom7.ged', 'five-people.ged'])(
    '%s: import plan → archive → export → read gives the same family',
    (name) => {
      const read = readGedcom(fixture(name));
      const original: GedcomModel = {
        people: read.people,
        families: read.families,
        records: read.records,
      };
      const archive = archiveOf(original);
      const written = writeGedcom(exportModel(archive.people, archive.relations));
      const back = readGedcom(written);
      expect(back.warnings).toEqual([]);
      expect(comparable(back)).toEqual(comparable(original));
    },
  );

  it('keeps the sources a person cites with them, and writes each record once', () => {
    const read = readGedcom(fixture('gramps-ansel.ged'));
    const plans = planPeople(read, 'file');
    expect(plans[0]?.extra.records?.map((r) => r.xref)).toEqual(['S0000', 'R0000']);
    expect(plans[0]?.extra.keys).toEqual([
      'uid:8F1A2C44D0E6B54A9E9D2B0F3A6C1E77A1B2',
      'file:file:I0000',
    ]);
    const archive = archiveOf(read);
    const model = exportModel(archive.people, archive.relations);
    expect(model.records.map((r) => `${r.tag} ${r.xref}`)).toEqual(['SOUR S1', 'REPO R1']);
    expect(model.records[0]?.children).toContainEqual({ tag: 'REPO', value: '@R1@' });
  });

  it('keeps the sources no one cites, and what they point to, and gives them back once', () => {
    const uncited =
      '0 @S9@ SOUR\r\n1 TITL Stato civile di Perugia\r\n1 REPO @R9@\r\n' +
      '0 @R9@ REPO\r\n1 NAME Archivio di Stato\r\n0 @N9@ NOTE Lettere da ordinare\r\n0 TRLR';
    const text = fixture('gramps-ansel.ged').toString('latin1').replace('0 TRLR', uncited);
    const read = readGedcom(Buffer.from(text, 'latin1'));
    const plans = planPeople(read, 'file');
    expect(plans[0]?.extra.records?.map((r) => r.xref)).toEqual([
      'S0000',
      'R0000',
      'S9',
      'R9',
      'N9',
    ]);
    expect(
      plans
        .slice(1)
        .flatMap((p) => p.extra.records ?? [])
        .map((r) => r.xref),
    ).not.toContain('S9');
    const archive = archiveOf(read);
    const back = readGedcom(writeGedcom(exportModel(archive.people, archive.relations)));
    const titled = back.records.filter((r) => r.tag === 'SOUR');
    expect(titled.map((r) => r.children?.find((c) => c.tag === 'TITL')?.value)).toEqual([
      expect.any(String),
      'Stato civile di Perugia',
    ]);
    const repo = titled[1]?.children?.find((c) => c.tag === 'REPO')?.value ?? '';
    expect(back.records.find((r) => `@${r.xref}@` === repo)?.children).toEqual([
      { tag: 'NAME', value: 'Archivio di Stato' },
    ]);
    expect(back.records.filter((r) => r.tag === 'NOTE').map((r) => r.value)).toEqual([
      'Lettere da ordinare',
    ]);
    // A second export of the same archive writes each record once.
    expect(planPeople(back, 'again')[0]?.extra.records).toHaveLength(back.records.length);
  });

  it('leaves out pointers to what is not exported, and gives a lone parent a family of their own', () => {
    const model = exportModel(
      [
        {
          id: 7,
          name: 'Ada',
          life: {
            given_names: 'Ada',
            surname: null,
            sex: 'female',
            birth: null,
            death: null,
            biography: null,
          },
          gedcom_extra: {
            keys: [],
            extra: [
              { tag: 'ASSO', value: '@I99@' },
              { tag: '_UID', value: 'X' },
            ],
          },
        },
        {
          id: 8,
          name: 'Bo',
          life: {
            given_names: null,
            surname: null,
            sex: null,
            birth: null,
            death: null,
            biography: null,
          },
          gedcom_extra: 'not an object',
        },
      ],
      [
        {
          id: 1,
          type: 'parent',
          person1_id: 7,
          person2_id: 8,
          kind: 'adopted',
          start: { qualifier: 'exact', start: { year: 1990 } },
          end: null,
          place: null,
          gedcom_extra: null,
        },
      ],
    );
    expect(model.people[0]?.extra).toEqual([{ tag: '_UID', value: 'X' }]);
    expect(model.families).toEqual([
      {
        xref: 'F1',
        husband: null,
        wife: 'I7',
        kind: 'married',
        marriage: null,
        divorce: null,
        children: [
          {
            xref: 'I8',
            parents: [{ xref: 'I7', kind: 'adopted' }],
            adoption: {
              date: { qualifier: 'exact', start: { year: 1990 } },
              place: null,
              extra: [],
            },
          },
        ],
        extra: [],
      },
    ]);
    const back = readGedcom(writeGedcom(model));
    expect(back.families[0]?.children[0]?.parents).toEqual([{ xref: 'I7', kind: 'adopted' }]);
  });
});
