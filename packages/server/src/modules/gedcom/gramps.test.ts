import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { GedcomModel, GedcomPerson } from './model.js';
import { readGedcom } from './read.js';
import { writeGedcom } from './write.js';

/*
 * What Gramps 5.1 misread in our files, or what we misread in the way it and GEDCOM 7.0 write
 * (GRAMPS.md tells how these were found).
 */

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const model = (read: ReturnType<typeof readGedcom>): GedcomModel => ({
  people: read.people,
  families: read.families,
  records: read.records,
});
const person = (xref: string, name: string): GedcomPerson => ({
  xref,
  name,
  given_names: name,
  surname: null,
  sex: null,
  birth: null,
  death: null,
  biography: null,
  name_extra: [],
  extra: [],
});
const couple: GedcomModel = {
  people: [person('I1', 'Anna'), person('I2', 'Marco'), person('I3', 'Luca')],
  families: [
    {
      xref: 'F1',
      husband: 'I2',
      wife: 'I1',
      kind: 'partners',
      marriage: null,
      divorce: null,
      children: [
        {
          xref: 'I3',
          parents: [
            { xref: 'I2', kind: 'step' },
            { xref: 'I1', kind: 'birth' },
          ],
          adoption: null,
        },
      ],
      extra: [],
    },
  ],
  records: [],
};

describe('GEDCOM as Gramps and 7.0 write and read it', () => {
  it('writes an unmarried couple and a stepchild the way Gramps reads them', () => {
    const text = writeGedcom(couple);
    expect(text).toContain('1 _STAT NOT MARRIED\n1 MARR\n2 TYPE Unmarried\n');
    expect(text).toContain('1 CHIL @I3@\n2 _FREL Step\n');
    expect(model(readGedcom(text))).toEqual(couple);
    // As Gramps writes a couple who did not marry, with or without a date.
    const gramps = (marr: string) =>
      readGedcom(
        `0 HEAD\n0 @I1@ INDI\n1 NAME A\n0 @I2@ INDI\n1 NAME B\n0 @F1@ FAM\n1 HUSB @I1@\n` +
          `1 WIFE @I2@\n${marr}0 TRLR\n`,
      ).families[0];
    expect(gramps('1 MARR\n2 TYPE Unmarried\n')).toMatchObject({
      kind: 'partners',
      marriage: null,
    });
    expect(gramps('1 MARR\n2 TYPE Unmarried\n2 DATE 1950\n')).toMatchObject({
      kind: 'partners',
      marriage: { date: { qualifier: 'exact', start: { year: 1950 } }, place: null, extra: [] },
    });
    expect(gramps('1 MARR\n2 TYPE Religious\n')).toMatchObject({
      kind: 'married',
      marriage: { extra: [{ tag: 'TYPE', value: 'Religious' }] },
    });
  });

  it('writes an adoption by one parent so that the other stays a birth parent', () => {
    const read = readGedcom(fixture('gedcom7.ged'));
    const written = writeGedcom(model(read));
    expect(written).toContain('2 FAMC @F1@\n3 ADOP WIFE');
    expect(written).not.toMatch(/PEDI adopted/);
    const again = readGedcom(written);
    expect(again.families[0]?.children[0]?.parents).toEqual([
      { xref: 'I1', kind: 'birth' },
      { xref: 'I2', kind: 'adopted' },
    ]);
    // Without Gramps' _FREL/_MREL, as other programs write it: PEDI on the FAMC says adopted.
    const plain = written
      .replace(/^2 _[FM]REL .*\n/gm, '')
      .replace('1 FAMC @F1@\n', '1 FAMC @F1@\n2 PEDI adopted\n');
    expect(readGedcom(plain).families[0]?.children[0]?.parents).toEqual([
      { xref: 'I1', kind: 'birth' },
      { xref: 'I2', kind: 'adopted' },
    ]);
  });

  it('reads @@ as 7.0 means it (only a leading one is an escape) and as 5.5.1 does', () => {
    const file = (version: string) =>
      `0 HEAD\n1 GEDC\n2 VERS ${version}\n0 @I1@ INDI\n1 NAME Ann /Lee/\n` +
      `1 NOTE @@home: ann@@lee.example, a@b\n2 CONT @@ twice @@@@\n1 FAMS @F1@\n` +
      `0 @F1@ FAM\n1 HUSB @I1@\n0 TRLR\n`;
    const seven = readGedcom(file('7.0'));
    expect(seven.people[0]?.biography).toBe('@home: ann@@lee.example, a@b\n@ twice @@@@');
    expect(readGedcom(file('7.0').replace(/\n/g, '\r\n')).people[0]?.biography).toBe(
      seven.people[0]?.biography,
    );
    expect(seven.families[0]?.husband).toBe('I1');
    const old = readGedcom(file('5.5.1'));
    expect(old.people[0]?.biography).toBe('@home: ann@lee.example, a@b\n@ twice @@');
    // What we write (5.5.1, every @ doubled) reads back whole.
    const again = readGedcom(writeGedcom(model(seven)));
    expect(again.people[0]?.biography).toBe(seven.people[0]?.biography);
  });

  it('reads what Gramps writes: _FREL/_MREL under FAMC, a date with words without INT', () => {
    const read = readGedcom(
      '0 HEAD\n1 SOUR Gramps\n0 @I1@ INDI\n1 NAME Solo /Parent/\n1 SEX F\n1 FAMS @F1@\n' +
        '0 @I2@ INDI\n1 NAME Step /Kid/\n1 BIRT\n2 DATE 29 FEB 1932 (leap day)\n' +
        '1 FAMC @F1@\n2 _FREL birth\n2 _MREL Step\n0 @F1@ FAM\n1 WIFE @I1@\n1 CHIL @I2@\n0 TRLR\n',
    );
    expect(read.families[0]?.children[0]?.parents).toEqual([{ xref: 'I1', kind: 'step' }]);
    expect(read.people[1]?.birth?.date).toEqual({
      qualifier: 'exact',
      start: { year: 1932, month: 2, day: 29 },
      phrase: 'leap day',
    });
  });
});
