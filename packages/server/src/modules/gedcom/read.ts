import { FAMILY_LIMITS, PLACE_LIMITS } from '@kinfolio/contract';
import type { TreeNode } from 'read-gedcom';
import { GEDCOM_LIMITS, GedcomReadError, parseTree } from './bytes.js';
import { parseGedcomDate } from './dates.js';
import type { ParentKind, Sex } from './kinds.js';
import type {
  GedcomChild,
  GedcomEvent,
  GedcomFamily,
  GedcomModel,
  GedcomNode,
  GedcomPerson,
  GedcomPlace,
} from './model.js';

/** Something in the file that was skipped, the rest being read. */
export interface GedcomWarning {
  code: 'missing_person' | 'missing_family' | 'extra_partner';
  /** The record where it was found and the xref it names. */
  xref: string;
  target: string;
}

export interface GedcomRead extends GedcomModel {
  /** "5.5.1", "7.0"…, null when the header does not say. */
  version: string | null;
  /** The program that wrote the file (HEAD SOUR), e.g. "GRAMPS". */
  program: string | null;
  warnings: GedcomWarning[];
}

const xrefOf = (pointer: string | null | undefined) =>
  pointer && /^@[^@#]+@$/.test(pointer) ? pointer.slice(1, -1) : null;

function toNode(node: TreeNode, depth = 0): GedcomNode {
  if (depth > GEDCOM_LIMITS.maxDepth) {
    throw new GedcomReadError('syntax', 'lines are nested too deep');
  }
  const out: GedcomNode = { tag: node.tag ?? '' };
  const xref = xrefOf(node.pointer);
  if (xref) out.xref = xref;
  if (node.value !== null && node.value !== '') out.value = node.value;
  if (node.children.length > 0) out.children = node.children.map((c) => toNode(c, depth + 1));
  return out;
}

const first = (node: TreeNode, tag: string) => node.children.find((c) => c.tag === tag);
const clipText = (text: string, max: number) => {
  const trimmed = text.replace(/\s+/g, ' ').trim();
  return Array.from(trimmed).slice(0, max).join('').trim();
};

function coordinate(
  text: string | null | undefined,
  positive: string,
  negative: string,
  limit: number,
) {
  const match = /^([NSEW])?\s*(-?\d{1,3}(?:\.\d+)?)$/i.exec((text ?? '').trim());
  if (!match) return null;
  const hemisphere = (match[1] ?? positive).toUpperCase();
  if (hemisphere !== positive && hemisphere !== negative) return null;
  const value = Number(match[2]) * (hemisphere === negative ? -1 : 1);
  return Number.isFinite(value) && Math.abs(value) <= limit ? value : null;
}

function readPlace(node: TreeNode | undefined): GedcomPlace | null {
  if (!node) return null;
  const name = clipText(node.value ?? '', PLACE_LIMITS.nameMaxLength);
  let latitude: number | null = null;
  let longitude: number | null = null;
  const extra: GedcomNode[] = [];
  for (const child of node.children) {
    if (child.tag === 'MAP' && latitude === null) {
      const lat = coordinate(first(child, 'LATI')?.value, 'N', 'S', 90);
      const lon = coordinate(first(child, 'LONG')?.value, 'E', 'W', 180);
      if (lat !== null && lon !== null) {
        latitude = lat;
        longitude = lon;
        continue;
      }
    }
    extra.push(toNode(child));
  }
  if (name === '' && latitude === null && extra.length === 0) return null;
  return { name, latitude, longitude, extra };
}

function readEvent(node: TreeNode, skip: (child: TreeNode) => boolean = () => false): GedcomEvent {
  let date: GedcomEvent['date'] = null;
  let place: GedcomPlace | null = null;
  let dated = false;
  let placed = false;
  const extra: GedcomNode[] = [];
  for (const child of node.children) {
    if (skip(child)) continue;
    if (child.tag === 'DATE' && !dated) {
      dated = true;
      const phrase = child.children.find((c) => c.tag === 'PHRASE' || c.tag === '_PHRASE');
      date = parseGedcomDate(child.value, phrase?.value ?? undefined);
      const rest = child.children.filter((c) => c !== phrase);
      if (rest.length > 0) extra.push({ tag: '_DATE_EXTRA', children: rest.map((c) => toNode(c)) });
    } else if (child.tag === 'PLAC' && !placed) {
      placed = true;
      place = readPlace(child);
    } else {
      extra.push(toNode(child));
    }
  }
  return { date, place, extra };
}

const SEX: Record<string, Sex> = { M: 'male', F: 'female', X: 'other', U: 'unknown' };

/** "Anna Maria /Rossi/ Jr." → given, surname, and the name as read. */
function readName(node: TreeNode | undefined) {
  const value = (node?.value ?? '').trim();
  const slashed = /^(.*?)\/(.*?)\/(.*)$/.exec(value);
  const max = FAMILY_LIMITS.namePartMaxLength;
  const givn = node && first(node, 'GIVN')?.value;
  const surn = node && first(node, 'SURN')?.value;
  const given = clipText(givn ?? (slashed ? (slashed[1] ?? '') : ''), max);
  const surname = clipText(surn ?? (slashed ? (slashed[2] ?? '') : ''), max);
  const name = clipText(value.replace(/\//g, ' '), 10_000);
  return {
    name: name !== '' ? name : [given, surname].filter((part) => part !== '').join(' '),
    given_names: given === '' ? null : given,
    surname: surname === '' ? null : surname,
    extra: (node?.children ?? [])
      .filter((c) => c.tag !== 'GIVN' && c.tag !== 'SURN')
      .map((c) => toNode(c)),
  };
}

/** Gramps' words for how a child is its father's (`_FREL`) or mother's (`_MREL`). */
function relKind(value: string | null | undefined): ParentKind | undefined {
  const word = (value ?? '').trim().toLowerCase();
  if (word === 'birth') return 'birth';
  if (word === 'adopted') return 'adopted';
  if (word === 'foster') return 'foster';
  if (word === 'stepchild' || word === 'step') return 'step';
  return undefined;
}

function pediKind(value: string | null | undefined): ParentKind | undefined {
  const word = (value ?? '').trim().toLowerCase();
  if (word === 'adopted') return 'adopted';
  if (word === 'foster') return 'foster';
  if (word === 'birth' || word === 'sealing') return 'birth';
  return undefined;
}

const UNMARRIED = /\b(NOT MARRIED|NEVER MARRIED|UNMARRIED|PARTNERS)\b/i;

/** A tree's individual nodes and what they say about the families they belong to. */
interface IndividualLinks {
  famc: Map<string, TreeNode>;
  adop: Map<string, TreeNode>;
}

/**
 * A GEDCOM file (5.5.1 or 7.0; UTF-8, UTF-16, ANSEL or ANSI, as its header says) as Kinfolio's
 * model. Throws GedcomReadError when it is not GEDCOM; a reference to a missing record is
 * skipped and listed in `warnings`.
 */
export function readGedcom(input: Uint8Array | string): GedcomRead {
  const root = parseTree(typeof input === 'string' ? new TextEncoder().encode(input) : input);

  const head = first(root, 'HEAD');
  const gedc = head && first(head, 'GEDC');
  const version = (gedc && first(gedc, 'VERS')?.value) ?? null;
  const program = (head && first(head, 'SOUR')?.value) ?? null;
  const warnings: GedcomWarning[] = [];

  const byXref = new Map<string, TreeNode>();
  for (const record of root.children) {
    const xref = xrefOf(record.pointer);
    if (xref && !byXref.has(xref)) byXref.set(xref, record);
  }
  const individuals = root.children.filter((r) => r.tag === 'INDI' && xrefOf(r.pointer));
  const families = root.children.filter((r) => r.tag === 'FAM' && xrefOf(r.pointer));
  const isPerson = (xref: string | null) => xref !== null && byXref.get(xref)?.tag === 'INDI';

  const consumedNotes = new Set<string>();
  const links = new Map<string, IndividualLinks>();
  const people: GedcomPerson[] = [];
  const seen = new Set<string>();
  for (const record of individuals) {
    const xref = xrefOf(record.pointer) ?? '';
    if (seen.has(xref)) continue;
    seen.add(xref);
    const nameNode = first(record, 'NAME');
    const name = readName(nameNode);
    const person: GedcomPerson = {
      xref,
      name: name.name,
      given_names: name.given_names,
      surname: name.surname,
      sex: null,
      birth: null,
      death: null,
      biography: null,
      name_extra: name.extra,
      extra: [],
    };
    const own: IndividualLinks = { famc: new Map(), adop: new Map() };
    const notes: { node: TreeNode; text: string; xref: string | null }[] = [];
    let sexRead = false;
    for (const child of record.children) {
      if (child === nameNode) continue;
      const target = xrefOf(child.value);
      if (child.tag === 'SEX' && !sexRead && SEX[(child.value ?? '').trim().toUpperCase()]) {
        sexRead = true;
        person.sex = SEX[(child.value ?? '').trim().toUpperCase()] ?? null;
      } else if (child.tag === 'BIRT' && !person.birth) {
        person.birth = readEvent(child);
      } else if (child.tag === 'DEAT' && !person.death) {
        person.death = readEvent(child);
      } else if ((child.tag === 'NOTE' || child.tag === 'SNOTE') && child.children.length === 0) {
        const shared = target ? byXref.get(target) : undefined;
        if (target && shared && (shared.tag === 'NOTE' || shared.tag === 'SNOTE')) {
          notes.push({ node: child, text: shared.value ?? '', xref: target });
        } else if (!target) {
          notes.push({ node: child, text: child.value ?? '', xref: null });
        } else {
          person.extra.push(toNode(child));
        }
      } else if (child.tag === 'FAMS') {
        continue;
      } else if (child.tag === 'FAMC' && target) {
        if (!own.famc.has(target)) own.famc.set(target, child);
      } else if (child.tag === 'ADOP' && target === null && first(child, 'FAMC')) {
        const family = xrefOf(first(child, 'FAMC')?.value);
        if (family && !own.adop.has(family)) own.adop.set(family, child);
        else person.extra.push(toNode(child));
      } else {
        person.extra.push(toNode(child));
      }
    }
    const text = notes
      .map((note) => note.text.replace(/\r\n?/g, '\n').trim())
      .filter((note) => note !== '')
      .join('\n\n');
    if (Array.from(text).length <= FAMILY_LIMITS.biographyMaxLength) {
      person.biography = text === '' ? null : text;
      for (const note of notes) if (note.xref) consumedNotes.add(note.xref);
    } else {
      // Too long for a biography: the notes stay GEDCOM lines, given back whole on export.
      person.extra.push(...notes.map((note) => toNode(note.node)));
    }
    links.set(xref, own);
    people.push(person);
  }

  const model: GedcomFamily[] = [];
  const famSeen = new Set<string>();
  for (const record of families) {
    const xref = xrefOf(record.pointer) ?? '';
    if (famSeen.has(xref)) continue;
    famSeen.add(xref);
    const family: GedcomFamily = {
      xref,
      husband: null,
      wife: null,
      kind: 'married',
      marriage: null,
      divorce: null,
      children: [],
      extra: [],
    };
    const childNodes = new Map<string, TreeNode | null>();
    for (const child of record.children) {
      const target = xrefOf(child.value);
      if (
        (child.tag === 'HUSB' || child.tag === 'WIFE' || child.tag === 'CHIL') &&
        target === 'VOID'
      ) {
        continue;
      }
      if (
        (child.tag === 'HUSB' || child.tag === 'WIFE' || child.tag === 'CHIL') &&
        !isPerson(target)
      ) {
        warnings.push({ code: 'missing_person', xref, target: target ?? child.value ?? '' });
      } else if (child.tag === 'HUSB' && family.husband === null) {
        family.husband = target;
      } else if (child.tag === 'WIFE' && family.wife === null) {
        family.wife = target;
      } else if (child.tag === 'HUSB' || child.tag === 'WIFE') {
        warnings.push({ code: 'extra_partner', xref, target: target ?? '' });
        family.extra.push(toNode(child));
      } else if (child.tag === 'CHIL' && target) {
        if (!childNodes.has(target)) childNodes.set(target, child);
      } else if (child.tag === 'MARR' && !family.marriage) {
        const unmarried = (c: TreeNode) =>
          c.tag === 'TYPE' && (c.value ?? '').trim().toLowerCase() === 'unmarried';
        const marriage = readEvent(child, unmarried);
        if (child.children.some(unmarried)) family.kind = 'partners';
        const bare = !marriage.date && !marriage.place && marriage.extra.length === 0;
        // Gramps' way of saying "not married" gives no marriage of its own.
        if (!bare || !child.children.some(unmarried)) family.marriage = marriage;
      } else if (child.tag === 'DIV' && !family.divorce) {
        family.divorce = readEvent(child);
      } else if (
        child.tag === '_STAT' &&
        UNMARRIED.test(child.value ?? '') &&
        family.kind === 'married'
      ) {
        family.kind = 'partners';
      } else {
        family.extra.push(toNode(child));
      }
    }
    // A child the individual's FAMC names though the family does not list them.
    for (const [personXref, own] of links) {
      if (own.famc.has(xref) && !childNodes.has(personXref)) childNodes.set(personXref, null);
    }
    if (family.husband !== null && family.husband === family.wife) family.wife = null;
    for (const [childXref, node] of childNodes) {
      const own = links.get(childXref);
      const famc = own?.famc.get(xref);
      const adop = own?.adop.get(xref);
      const adoptedBy = adop
        ? (
            (adop.children.find((c) => c.tag === 'FAMC')?.children ?? []).find(
              (c) => c.tag === 'ADOP',
            )?.value ?? 'BOTH'
          ).toUpperCase()
        : '';
      const pedi = pediKind(famc && first(famc, 'PEDI')?.value);
      const kindFor = (role: 'HUSB' | 'WIFE'): ParentKind => {
        const tag = role === 'HUSB' ? '_FREL' : '_MREL';
        // Gramps writes them under the family's CHIL and, in its own exports, under the FAMC.
        const gramps =
          relKind(node && first(node, tag)?.value) ?? relKind(famc && first(famc, tag)?.value);
        if (gramps) return gramps;
        if (adop && (adoptedBy === 'HUSB' || adoptedBy === 'WIFE')) {
          // PEDI sits on the child's FAMC, for the whole family: an adoption by one parent says
          // the other is not an adoptive parent, whatever PEDI says.
          if (adoptedBy === role) return 'adopted';
          return pedi && pedi !== 'adopted' ? pedi : 'birth';
        }
        if (adop && adoptedBy === 'BOTH') return 'adopted';
        return pedi ?? 'birth';
      };
      const child: GedcomChild = { xref: childXref, parents: [], adoption: null };
      if (family.husband && family.husband !== childXref) {
        child.parents.push({ xref: family.husband, kind: kindFor('HUSB') });
      }
      if (family.wife && family.wife !== childXref) {
        child.parents.push({ xref: family.wife, kind: kindFor('WIFE') });
      }
      if (adop) child.adoption = readEvent(adop, (c) => c.tag === 'FAMC');
      family.children.push(child);
    }
    model.push(family);
  }
  for (const [personXref, own] of links) {
    for (const famXref of own.famc.keys()) {
      if (!famSeen.has(famXref)) {
        warnings.push({ code: 'missing_family', xref: personXref, target: famXref });
      }
    }
  }

  const records: GedcomNode[] = [];
  for (const record of root.children) {
    const tag = record.tag ?? '';
    const xref = xrefOf(record.pointer);
    if (['HEAD', 'TRLR', 'INDI', 'FAM', 'SUBM', 'SUBN'].includes(tag) || !xref) continue;
    records.push(toNode(record));
  }
  const kept = keepReferenced(records, people, model, consumedNotes);
  return { version, program, warnings, people, families: model, records: kept };
}

/**
 * Drops the shared notes that became biographies, unless something else still points at them
 * (a citation's note, a note too long for a biography).
 */
function keepReferenced(
  records: GedcomNode[],
  people: GedcomPerson[],
  families: GedcomFamily[],
  consumed: Set<string>,
): GedcomNode[] {
  if (consumed.size === 0) return records;
  const isConsumed = (record: GedcomNode) =>
    (record.tag === 'NOTE' || record.tag === 'SNOTE') && consumed.has(record.xref ?? '');
  const pointed = new Set<string>();
  const visit = (nodes: GedcomNode[] | undefined) => {
    for (const node of nodes ?? []) {
      const target = xrefOf(node.value);
      if (target) pointed.add(target);
      visit(node.children);
    }
  };
  const visitEvent = (event: GedcomEvent | null) => {
    visit(event?.extra);
    visit(event?.place?.extra);
  };
  for (const person of people) {
    visit(person.extra);
    visit(person.name_extra);
    visitEvent(person.birth);
    visitEvent(person.death);
  }
  for (const family of families) {
    visit(family.extra);
    visitEvent(family.marriage);
    visitEvent(family.divorce);
    for (const child of family.children) visitEvent(child.adoption);
  }
  visit(records.filter((record) => !isConsumed(record)));
  return records.filter((record) => !isConsumed(record) || pointed.has(record.xref ?? ''));
}

export { xrefOf as gedcomXref };
export { GEDCOM_LIMITS, GedcomReadError, looksLikeGedcom } from './bytes.js';
export type { GedcomReadFailure } from './bytes.js';
