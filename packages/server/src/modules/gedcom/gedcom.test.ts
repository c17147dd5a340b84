import { readFileSync } from 'node:fs';
import { lifeDateSchema } from '@kinfolio/contract';
import { describe, expect, it } from 'vitest';
import { formatGedcomDate, parseGedcomDate } from './dates.js';
import type { GedcomModel } from './model.js';
import { GedcomReadError, looksLikeGedcom, readGedcom } from './read.js';
import { GEDCOM_LINE_MAX, splitForConc, writeGedcom } from './write.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const model = (read: ReturnType<typeof readGedcom>): GedcomModel => ({
  people: read.people,
  families: read.families,
  records: read.records,
});

describe('GEDCOM dates', () => {
  it.each([
    ['12 MAR 1931', { qualifier: 'exact', start: { year: 1931, month: 3, day: 12 } }],
    ['MAR 1931', { qualifier: 'exact', start: { year: 1931, month: 3 } }],
    ['1925', { qualifier: 'exact', start: { year: 1925 } }],
    ['ABT 1948', { qualifier: 'about', start: { year: 1948 } }],
    ['abt 1948', { qualifier: 'about', start: { year: 1948 } }],
    ['EST 1705', { qualifier: 'estimated', start: { year: 1705 } }],
    ['CAL 1771', { qualifier: 'calculated', start: { year: 1771 } }],
    ['BEF 1980', { qualifier: 'before', start: { year: 1980 } }],
    ['AFT 2 FEB 1903', { qualifier: 'after', start: { year: 1903, month: 2, day: 2 } }],
    ['BET 1920 AND 1922', { qualifier: 'between', start: { year: 1920 }, end: { year: 1922 } }],
    ['FROM 1920 TO 1965', { qualifier: 'between', start: { year: 1920 }, end: { year: 1965 } }],
    ['FROM 1920', { qualifier: 'after', start: { year: 1920 } }],
    ['TO 1920', { qualifier: 'before', start: { year: 1920 } }],
    ['1700/01', { qualifier: 'exact', start: { year: 1701 } }],
    ['12 JAN 1699/00', { qualifier: 'exact', start: { year: 1700, month: 1, day: 12 } }],
    ['@#DGREGORIAN@ 1 MAR 1800', { qualifier: 'exact', start: { year: 1800, month: 3, day: 1 } }],
    [
      '(Easter, the year of the flood)',
      { qualifier: 'phrase', phrase: 'Easter, the year of the flood' },
    ],
    [
      'INT 1930 (registrato l’anno dopo)',
      { qualifier: 'exact', start: { year: 1930 }, phrase: 'registrato l’anno dopo' },
    ],
    ['@#DJULIAN@ 12 MAR 1760', { qualifier: 'phrase', phrase: '@#DJULIAN@ 12 MAR 1760' }],
    ['@#DHEBREW@ 1 TSH 5700', { qualifier: 'phrase', phrase: '@#DHEBREW@ 1 TSH 5700' }],
    ['JULIAN 1 MAR 1700', { qualifier: 'phrase', phrase: 'JULIAN 1 MAR 1700' }],
    ['31 FEB 1900', { qualifier: 'phrase', phrase: '31 FEB 1900' }],
    ['BET 1930 AND 1920', { qualifier: 'phrase', phrase: 'BET 1930 AND 1920' }],
    ['44 B.C.', { qualifier: 'phrase', phrase: '44 B.C.' }],
    ['1700/05', { qualifier: 'phrase', phrase: '1700/05' }],
  ])('reads %s', (text, expected) => {
    const date = parseGedcomDate(text);
    expect(date).toEqual(expected);
    expect(lifeDateSchema.safeParse(date).success).toBe(true);
  });

  it('keeps 7.0 PHRASE words with the date, and reads nothing from an empty value', () => {
    expect(parseGedcomDate('1948', 'the winter after the floods')).toEqual({
      qualifier: 'exact',
      start: { year: 1948 },
      phrase: 'the winter after the floods',
    });
    expect(parseGedcomDate('', 'no date, only words')).toEqual({
      qualifier: 'phrase',
      phrase: 'no date, only words',
    });
    expect(parseGedcomDate('   ')).toBeNull();
    expect(parseGedcomDate(`(${'x'.repeat(500)})`)?.phrase).toHaveLength(200);
  });

  it.each([
    { qualifier: 'exact', start: { year: 1931, month: 3, day: 12 } },
    { qualifier: 'about', start: { year: 1948 } },
    { qualifier: 'between', start: { year: 1920, month: 5 }, end: { year: 1922 } },
    { qualifier: 'phrase', phrase: 'during (or just after) the war' },
    { qualifier: 'exact', start: { year: 1930 }, phrase: 'registered (late) the next year' },
    { qualifier: 'calculated', start: { year: 1771 }, phrase: 'from the age at death' },
  ] as const)('writes and reads back %j', (date) => {
    const { value, phrase } = formatGedcomDate(date);
    expect(parseGedcomDate(value, phrase)).toEqual(date);
  });
});

describe('reading GEDCOM files', () => {
  it('reads a Gramps export in ANSEL: accents, notes with CONC/CONT, sources, adoption, divorce', () => {
    const read = readGedcom(fixture('gramps-ansel.ged'));
    expect(read.program).toBe('Gramps');
    expect(read.people.map((p) => p.name)).toEqual([
      'José Bianchi',
      'Françoise Müller',
      'Nicolò Bianchi',
      'Renée Bianchi',
    ]);
    expect(read.people.every((p) => p.name === p.name.normalize('NFC'))).toBe(true);
    const [jose, francoise, nicolo, renee] = read.people;
    expect(jose?.birth?.place).toEqual({
      name: 'Città di Castello, Perugia, Italia',
      latitude: 43.4573,
      longitude: 12.2376,
      extra: [],
    });
    expect(jose?.birth?.extra.find((n) => n.tag === 'SOUR')).toEqual({
      tag: 'SOUR',
      value: '@S0000@',
      children: [
        { tag: 'PAGE', value: 'Registro dei battesimi 1901, atto 12' },
        { tag: 'QUAY', value: '2' },
      ],
    });
    expect(jose?.biography).toBe(
      'José kept a workshop behind the church of San Francesco, where he made chairs for half the ' +
        'valley. His notebooks, written in a careful hand, list every order from 1922 to 1961.\n\n' +
        'During the war he hid the parish records under the floor of the workshop.',
    );
    expect(jose?.extra.map((n) => n.tag)).toEqual(['OCCU', '_UID', 'CHAN']);
    expect(jose?.name_extra).toEqual([{ tag: 'NICK', value: 'Peppe' }]);
    expect(francoise?.death?.date).toEqual({ qualifier: 'phrase', phrase: 'dopo la guerra' });
    expect(nicolo?.biography).toBe(
      'Nicolò was born during the great snow; the family said the midwife walked from San ' +
        'Giustino through the night.\nHe later told it differently.',
    );
    expect(renee?.extra).toEqual([{ tag: '_UID', value: '77AA00BB11CC22DD33EE44FF55AA66BB7788' }]);
    const [family] = read.families;
    expect(family?.divorce?.date).toEqual({ qualifier: 'exact', start: { year: 1950 } });
    expect(family?.marriage?.place?.name).toBe('Assisi, Perugia, Italia');
    expect(family?.children).toEqual([
      {
        xref: 'I0002',
        parents: [
          { xref: 'I0000', kind: 'birth' },
          { xref: 'I0001', kind: 'birth' },
        ],
        adoption: null,
      },
      {
        xref: 'I0003',
        parents: [
          { xref: 'I0000', kind: 'adopted' },
          { xref: 'I0001', kind: 'adopted' },
        ],
        adoption: {
          date: { qualifier: 'exact', start: { year: 1946 } },
          place: { name: 'Perugia, Umbria, Italia', latitude: null, longitude: null, extra: [] },
          extra: [],
        },
      },
    ]);
    // The shared note became a biography; the source and its repository stay records.
    expect(read.records.map((r) => `${r.tag} ${r.xref}`)).toEqual(['SOUR S0000', 'REPO R0000']);
  });

  it('reads a UTF-8 file with a BOM (Geneanet): dual years, foster children, a missing child', () => {
    const bytes = fixture('geneanet-bom.ged');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const read = readGedcom(bytes);
    expect(read.people.map((p) => [p.given_names, p.surname])).toEqual([
      ['Jean Baptiste', 'LEFÈVRE'],
      ['Marguerite', 'DUPRÉ'],
      ['Jeanne', 'LEFÈVRE'],
      ['Inconnu', null],
    ]);
    expect(read.people[0]?.birth?.date).toEqual({ qualifier: 'exact', start: { year: 1701 } });
    expect(read.people[0]?.death?.place?.latitude).toBe(45.7578);
    expect(read.people[2]?.biography).toBe('Mail: jeanne@example.org (selon la lettre de 1790)');
    expect(read.people[3]?.sex).toBe('unknown');
    const [family] = read.families;
    expect(family?.kind).toBe('partners');
    expect(family?.children.map((c) => [c.xref, c.parents.map((p) => p.kind)])).toEqual([
      ['I3', ['foster', 'foster']],
      ['I4', ['birth', 'birth']],
    ]);
    expect(read.warnings).toEqual([{ code: 'missing_person', xref: 'F1', target: 'I99' }]);
  });

  it('reads GEDCOM 7.0: PHRASE, SNOTE, SEX X, another calendar, ADOP by one parent', () => {
    const read = readGedcom(fixture('gedcom7.ged'));
    expect(read.version).toBe('7.0');
    const [sam, ruth, ada] = read.people;
    expect(sam?.sex).toBe('other');
    expect(sam?.birth?.date).toEqual({
      qualifier: 'exact',
      start: { year: 1948 },
      phrase: 'the winter after the floods',
    });
    expect(sam?.biography).toBe(
      'Sam kept bees on the roof in Lagos.\nNeighbours bought honey by the jar.',
    );
    expect(sam?.extra).toEqual([{ tag: '_SKYPEID', value: 'sam.okafor' }]);
    expect(ruth?.given_names).toBe('Ruth');
    expect(ruth?.birth?.date).toEqual({ qualifier: 'phrase', phrase: 'JULIAN 1 MAR 1700' });
    expect(ada?.birth?.date).toEqual({ qualifier: 'about', start: { year: 1975, month: 12 } });
    expect(read.families[0]?.children[0]?.parents).toEqual([
      { xref: 'I1', kind: 'birth' },
      { xref: 'I2', kind: 'adopted' },
    ]);
    expect(read.records).toEqual([]);
  });

  it('reads the five-person file of the issue', () => {
    const read = readGedcom(fixture('five-people.ged'));
    expect(read.people.map((p) => p.name)).toEqual([
      'Anna Conti',
      'Giuseppe Conti',
      'Maria Ferri',
      'Marco Neri',
      'Luca Neri',
    ]);
    expect(read.families.map((f) => [f.husband, f.wife, f.children.map((c) => c.xref)])).toEqual([
      ['I2', 'I3', ['I1']],
      ['I4', 'I1', ['I5']],
    ]);
  });

  it('refuses what is not GEDCOM, and lines or nesting no file has', () => {
    const fail = (input: Uint8Array | string) => {
      try {
        readGedcom(input);
      } catch (error) {
        return error instanceof GedcomReadError ? error.reason : 'other';
      }
      return 'read';
    };
    expect(fail(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255, 254]))).toBe('not_gedcom');
    expect(fail('0 HEAD\n1 CHAR UTF-8\n\u0000\u0001garbage\n0 TRLR\n')).toBe('syntax');
    expect(fail(`0 HEAD\n0 @I1@ INDI\n1 NOTE ${'x'.repeat(70_000)}\n0 TRLR\n`)).toBe(
      'line_too_long',
    );
    expect(fail('0 HEAD\n0 @I1@ INDI\n3 NAME skipped levels\n0 TRLR\n')).toBe('syntax');
    const deep = Array.from({ length: 40 }, (_, i) => `${i + 1} _X deep`).join('\n');
    expect(fail(`0 HEAD\n0 @I1@ INDI\n${deep}\n0 TRLR\n`)).toBe('syntax');
    expect(fail('0 HEAD\n0 @I1@ INDI\n1 NAME A\n0 TRLR\n')).toBe('read');
  });

  it('knows GEDCOM by its first bytes in UTF-8, with a BOM, or in UTF-16', () => {
    const utf16le = Buffer.from('\ufeff0 HEAD\r\n', 'utf16le');
    const utf16be = Buffer.from(utf16le).swap16();
    expect(looksLikeGedcom(Buffer.from('0 HEAD\n'))).toBe(true);
    expect(looksLikeGedcom(fixture('geneanet-bom.ged'))).toBe(true);
    expect(looksLikeGedcom(utf16le)).toBe(true);
    expect(looksLikeGedcom(utf16be)).toBe(true);
    expect(looksLikeGedcom(Buffer.from('0 HEADER\n'))).toBe(true);
    expect(looksLikeGedcom(Buffer.from('From: mail\n'))).toBe(false);
    const read = readGedcom(
      Buffer.from('\ufeff0 HEAD\r\n0 @I1@ INDI\r\n1 NAME Zoë /Ça/\r\n0 TRLR\r\n', 'utf16le'),
    );
    expect(read.people[0]?.name).toBe('Zoë Ça');
    const ansi = Buffer.from(
      '0 HEAD\r\n1 CHAR ANSI\r\n0 @I1@ INDI\r\n1 NAME Andr\u00e9 /C\u0153ur/\r\n0 TRLR\r\n',
      'latin1',
    );
    // œ is 0x9C in Windows-1252 (Latin-1 has no œ).
    ansi.writeUInt8(0x9c, ansi.indexOf('/C') + 2);
    expect(readGedcom(ansi).people[0]?.name).toBe('André Cœur');
  });
});

describe('writing GEDCOM 5.5.1', () => {
  const long = `${'Una storia lunga, '.repeat(30)}fine.\nSecond line @ home 😀${'😀'.repeat(200)}`;
  const sample: GedcomModel = {
    people: [
      {
        xref: 'I1',
        name: 'Anna Conti',
        given_names: 'Anna',
        surname: 'Conti',
        sex: 'female',
        birth: {
          date: { qualifier: 'about', start: { year: 1931 } },
          place: { name: 'Bologna', latitude: 44.4949, longitude: -11.3426, extra: [] },
          extra: [],
        },
        death: { date: null, place: null, extra: [] },
        biography: long,
        name_extra: [],
        extra: [{ tag: '_UID', value: 'ABC' }],
      },
      {
        xref: 'I2',
        name: 'Luca',
        given_names: 'Luca',
        surname: null,
        sex: null,
        birth: null,
        death: null,
        biography: null,
        name_extra: [],
        extra: [],
      },
    ],
    families: [
      {
        xref: 'F1',
        husband: null,
        wife: 'I1',
        kind: 'partners',
        marriage: null,
        divorce: { date: { qualifier: 'exact', start: { year: 1970 } }, place: null, extra: [] },
        children: [
          {
            xref: 'I2',
            parents: [{ xref: 'I1', kind: 'adopted' }],
            adoption: {
              date: { qualifier: 'before', start: { year: 1960 } },
              place: null,
              extra: [],
            },
          },
        ],
        extra: [],
      },
    ],
    records: [
      { tag: 'SOUR', xref: 'S1', children: [{ tag: 'TITL', value: 'Registro @ Bologna' }] },
    ],
  };

  it('writes a header, lines of at most 255 characters, CONC away from spaces and surrogates', () => {
    const text = writeGedcom(sample, { date: new Date(Date.UTC(2026, 10, 29)) });
    const lines = text.split('\n').slice(0, -1);
    expect(lines.slice(0, 11)).toEqual([
      '0 HEAD',
      '1 SOUR KINFOLIO',
      '2 NAME Kinfolio',
      '1 DATE 29 NOV 2026',
      '1 SUBM @SUBM1@',
      '1 GEDC',
      '2 VERS 5.5.1',
      '2 FORM LINEAGE-LINKED',
      '1 CHAR UTF-8',
      '0 @SUBM1@ SUBM',
      '1 NAME Kinfolio',
    ]);
    expect(lines.at(-1)).toBe('0 TRLR');
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(GEDCOM_LINE_MAX);
    expect(lines).toContain('1 NAME Anna /Conti/');
    expect(lines).toContain('4 LONG W11.3426');
    expect(lines).toContain('1 DEAT Y');
    expect(lines).toContain('1 TITL Registro @@ Bologna');
    expect(lines.filter((l) => l.startsWith('2 CONC')).length).toBeGreaterThan(2);
    for (const [i, line] of lines.entries()) {
      if (!line.startsWith('2 CONC ')) continue;
      expect(line[7]).not.toBe(' ');
      expect(lines[i - 1]?.endsWith(' ')).toBe(false);
      expect(/^[\udc00-\udfff]/.test(line.slice(7))).toBe(false);
    }
  });

  it('splits text so that joining the pieces gives it back', () => {
    const text = `a${' '.repeat(600)}b`;
    expect(splitForConc(text, 100).join('')).toBe(text);
    expect(splitForConc('😀😀😀', 3)).toEqual(['😀', '😀', '😀']);
    expect(splitForConc('ab cd ef', 4)).toEqual(['ab c', 'd ef']);
    expect(splitForConc('abc   def', 4).join('')).toBe('abc   def');
    expect(splitForConc('@@@@', 3)).toEqual(['@', '@', '@', '@']);
  });

  it('reads back what it writes', () => {
    expect(model(readGedcom(writeGedcom(sample)))).toEqual(sample);
  });

  it.each(['gramps-ansel.ged', 'geneanet-bom.ged', 'gedcom7.ged', 'five-people.ged'])(
    'gives %s back: read → write → read',
    (name) => {
      const first = model(readGedcom(fixture(name)));
      const written = writeGedcom(first);
      expect(model(readGedcom(written))).toEqual(first);
      for (const line of written.split('\n')) expect(line.length).toBeLessThanOrEqual(255);
    },
  );
});
