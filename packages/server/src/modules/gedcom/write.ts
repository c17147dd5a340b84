import { formatGedcomDate } from './dates.js';
import type { ParentKind, Sex } from './kinds.js';
import type { GedcomEvent, GedcomFamily, GedcomModel, GedcomNode, GedcomPerson } from './model.js';

/** GEDCOM 5.5.1's longest line, level and tag included. */
export const GEDCOM_LINE_MAX = 255;

const SEX: Record<Sex, string> = { male: 'M', female: 'F', other: 'X', unknown: 'U' };
const GRAMPS_REL: Record<ParentKind, string> = {
  birth: 'Birth',
  adopted: 'Adopted',
  foster: 'Foster',
  // Gramps writes and reads `Step` (its reader does not know `Stepchild`: a birth child then).
  step: 'Step',
};

const POINTER = /^@[^@#]+@$/;
/** The MARR TYPE by which Gramps writes and reads an unmarried couple. */
export const UNMARRIED_TYPE = 'Unmarried';
const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/**
 * Cuts one line of text (no newline in it) into pieces whose escaped length fits `room`: a cut
 * never falls next to a space (readers that trim lines would lose it), never between the two
 * halves of a surrogate pair; only a run of spaces longer than a line is cut beside a space.
 */
export function splitForConc(text: string, room: number): string[] {
  const pieces: string[] = [];
  let rest = text;
  const width = (char: string) => (char === '@' ? 2 : char.length);
  while (rest.length > 0) {
    let used = 0;
    let fit = 0;
    while (fit < rest.length) {
      const code = rest.charCodeAt(fit);
      const step = isHighSurrogate(code) && fit + 1 < rest.length ? 2 : 1;
      const w = step === 2 ? 2 : width(rest[fit] ?? '');
      if (used + w > room) break;
      used += w;
      fit += step;
    }
    if (fit >= rest.length) {
      pieces.push(rest);
      break;
    }
    let cut = fit;
    const boundary = (at: number) =>
      at > 0 &&
      rest[at - 1] !== ' ' &&
      rest[at] !== ' ' &&
      !isHighSurrogate(rest.charCodeAt(at - 1));
    while (cut > 0 && !boundary(cut)) cut -= 1;
    if (cut === 0) {
      cut = fit;
      while (cut > 1 && isHighSurrogate(rest.charCodeAt(cut - 1))) cut -= 1;
      if (cut === 0) cut = 1;
    }
    pieces.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  return pieces;
}

const escapeText = (text: string) => text.replace(/@/g, '@@');

class Lines {
  readonly out: string[] = [];

  line(level: number, tag: string, value?: string | null, xref?: string): void {
    const head = `${level}${xref ? ` @${xref}@` : ''} ${tag}`;
    if (value === undefined || value === null || value === '') {
      this.out.push(head);
      return;
    }
    if (POINTER.test(value)) {
      this.out.push(`${head} ${value}`);
      return;
    }
    const [firstLine = '', ...more] = value.replace(/\r\n?/g, '\n').split('\n');
    this.text(head, level + 1, firstLine);
    for (const line of more) this.text(`${level + 1} CONT`, level + 1, line);
  }

  private text(head: string, childLevel: number, text: string): void {
    if (text === '') {
      this.out.push(head);
      return;
    }
    const firstRoom = GEDCOM_LINE_MAX - head.length - 1;
    const concRoom = GEDCOM_LINE_MAX - `${childLevel} CONC `.length;
    const [firstPiece = '', ...rest] = splitForConc(text, Math.min(firstRoom, concRoom));
    this.out.push(`${head} ${escapeText(firstPiece)}`);
    for (const piece of rest) this.out.push(`${childLevel} CONC ${escapeText(piece)}`);
  }

  nodes(level: number, nodes: GedcomNode[] | undefined): void {
    for (const node of nodes ?? []) {
      this.line(level, node.tag, node.value ?? null, level === 0 ? node.xref : undefined);
      this.nodes(level + 1, node.children);
    }
  }
}

function coordinate(value: number, positive: string, negative: string): string {
  const abs = Math.abs(value);
  const text = /e/i.test(String(abs)) ? abs.toFixed(12).replace(/\.?0+$/, '') : String(abs);
  return `${value < 0 ? negative : positive}${text}`;
}

function writeEvent(lines: Lines, level: number, tag: string, event: GedcomEvent): void {
  const dateExtra = event.extra.filter((node) => node.tag === '_DATE_EXTRA');
  const extra = event.extra.filter((node) => node.tag !== '_DATE_EXTRA');
  const empty = !event.date && !event.place && event.extra.length === 0;
  lines.line(level, tag, empty ? 'Y' : null);
  if (event.date) {
    const { value, phrase } = formatGedcomDate(event.date);
    lines.line(level + 1, 'DATE', value);
    if (phrase) lines.line(level + 2, '_PHRASE', phrase);
    for (const node of dateExtra) lines.nodes(level + 2, node.children);
  }
  if (event.place) {
    const place = event.place;
    lines.line(level + 1, 'PLAC', place.name);
    if (place.latitude !== null && place.longitude !== null) {
      lines.line(level + 2, 'MAP');
      lines.line(level + 3, 'LATI', coordinate(place.latitude, 'N', 'S'));
      lines.line(level + 3, 'LONG', coordinate(place.longitude, 'E', 'W'));
    }
    lines.nodes(level + 2, place.extra);
  }
  lines.nodes(level + 1, extra);
}

/** The NAME value: the name as written, its surname between slashes. */
function nameValue(person: GedcomPerson): string {
  const name = person.name.replace(/[\r\n/]+/g, ' ').trim();
  const surname = person.surname?.replace(/[\r\n/]+/g, ' ').trim() ?? '';
  if (surname === '') return name;
  if (name.includes(surname)) return name.replace(surname, `/${surname}/`);
  return `${person.given_names ?? ''} /${surname}/`.trim();
}

interface Membership {
  asChild: GedcomFamily[];
  asPartner: GedcomFamily[];
}

function writePerson(lines: Lines, person: GedcomPerson, member: Membership | undefined): void {
  lines.line(0, 'INDI', null, person.xref);
  const name = nameValue(person);
  if (name !== '' || person.given_names || person.surname || person.name_extra.length > 0) {
    lines.line(1, 'NAME', name);
    if (person.given_names) lines.line(2, 'GIVN', person.given_names);
    if (person.surname) lines.line(2, 'SURN', person.surname);
    lines.nodes(2, person.name_extra);
  }
  if (person.sex) lines.line(1, 'SEX', SEX[person.sex]);
  if (person.birth) writeEvent(lines, 1, 'BIRT', person.birth);
  if (person.death) writeEvent(lines, 1, 'DEAT', person.death);
  if (person.biography) lines.line(1, 'NOTE', person.biography);
  lines.nodes(1, person.extra);
  for (const family of member?.asChild ?? []) {
    const child = family.children.find((c) => c.xref === person.xref);
    if (child?.adoption) {
      const adopters = child.parents.filter((p) => p.kind === 'adopted').map((p) => p.xref);
      const byHusband = family.husband !== null && adopters.includes(family.husband);
      const byWife = family.wife !== null && adopters.includes(family.wife);
      const event = child.adoption;
      const extra = [
        ...event.extra,
        {
          tag: 'FAMC',
          value: `@${family.xref}@`,
          children: [
            {
              tag: 'ADOP',
              value: byHusband && !byWife ? 'HUSB' : byWife && !byHusband ? 'WIFE' : 'BOTH',
            },
          ],
        },
      ];
      writeEvent(lines, 1, 'ADOP', { ...event, extra });
    }
  }
  for (const family of member?.asChild ?? []) {
    const child = family.children.find((c) => c.xref === person.xref);
    if (!child) continue;
    lines.line(1, 'FAMC', `@${family.xref}@`);
    const kinds = new Set(child.parents.map((p) => p.kind));
    const [only] = [...kinds];
    if (kinds.size === 1 && (only === 'adopted' || only === 'foster')) lines.line(2, 'PEDI', only);
  }
  for (const family of member?.asPartner ?? []) lines.line(1, 'FAMS', `@${family.xref}@`);
}

function writeFamily(lines: Lines, family: GedcomFamily): void {
  lines.line(0, 'FAM', null, family.xref);
  if (family.husband) lines.line(1, 'HUSB', `@${family.husband}@`);
  if (family.wife) lines.line(1, 'WIFE', `@${family.wife}@`);
  if (family.kind === 'partners') {
    lines.line(1, '_STAT', 'NOT MARRIED');
    // Gramps knows an unmarried couple only by their MARR's TYPE (it keeps _STAT as a mere
    // attribute of a married couple); its reader, like ours, takes the event's lines away.
    const marriage = family.marriage ?? { date: null, place: null, extra: [] };
    writeEvent(lines, 1, 'MARR', {
      ...marriage,
      extra: [{ tag: 'TYPE', value: UNMARRIED_TYPE }, ...marriage.extra],
    });
  } else if (family.marriage) writeEvent(lines, 1, 'MARR', family.marriage);
  if (family.divorce) writeEvent(lines, 1, 'DIV', family.divorce);
  for (const child of family.children) {
    lines.line(1, 'CHIL', `@${child.xref}@`);
    for (const parent of child.parents) {
      if (parent.kind === 'birth') continue;
      const tag =
        parent.xref === family.husband ? '_FREL' : parent.xref === family.wife ? '_MREL' : null;
      if (tag) lines.line(2, tag, GRAMPS_REL[parent.kind]);
    }
  }
  lines.nodes(1, family.extra);
}

export interface GedcomWriteOptions {
  /** Kinfolio's version, written in the header. */
  version?: string;
  /** The day the file is written (the header's DATE); none when absent. */
  date?: Date;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** The model as a GEDCOM 5.5.1 file (lineage-linked, UTF-8, lines of at most 255 characters). */
export function writeGedcom(model: GedcomModel, options: GedcomWriteOptions = {}): string {
  const lines = new Lines();
  const used = new Set([
    ...model.people.map((p) => p.xref),
    ...model.families.map((f) => f.xref),
    ...model.records.map((r) => r.xref ?? ''),
  ]);
  let submitter = 'SUBM1';
  for (let n = 2; used.has(submitter); n += 1) submitter = `SUBM${n}`;
  lines.line(0, 'HEAD');
  lines.line(1, 'SOUR', 'KINFOLIO');
  lines.line(2, 'NAME', 'Kinfolio');
  if (options.version) lines.line(2, 'VERS', options.version);
  if (options.date) {
    const d = options.date;
    lines.line(1, 'DATE', `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`);
  }
  lines.line(1, 'SUBM', `@${submitter}@`);
  lines.line(1, 'GEDC');
  lines.line(2, 'VERS', '5.5.1');
  lines.line(2, 'FORM', 'LINEAGE-LINKED');
  lines.line(1, 'CHAR', 'UTF-8');
  lines.line(0, 'SUBM', null, submitter);
  lines.line(1, 'NAME', 'Kinfolio');
  const members = new Map<string, Membership>();
  const member = (xref: string) => {
    let found = members.get(xref);
    if (!found) members.set(xref, (found = { asChild: [], asPartner: [] }));
    return found;
  };
  for (const family of model.families) {
    for (const partner of new Set([family.husband, family.wife])) {
      if (partner) member(partner).asPartner.push(family);
    }
    for (const child of new Set(family.children.map((c) => c.xref)))
      member(child).asChild.push(family);
  }
  for (const person of model.people) writePerson(lines, person, members.get(person.xref));
  for (const family of model.families) writeFamily(lines, family);
  lines.nodes(0, model.records);
  lines.line(0, 'TRLR');
  return `${lines.out.join('\n')}\n`;
}
