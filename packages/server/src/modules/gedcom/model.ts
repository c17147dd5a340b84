import type { LifeDate, ParentKind, Sex } from './kinds.js';

/**
 * A GEDCOM line and the lines under it, as JSON: what Kinfolio does not model (sources, citations,
 * custom `_` tags, other events) is kept in this form so that an export writes it back.
 */
export interface GedcomNode {
  tag: string;
  /** A record's own xref, without the `@` (only on records). */
  xref?: string;
  value?: string;
  children?: GedcomNode[];
}

export interface GedcomPlace {
  name: string;
  latitude: number | null;
  longitude: number | null;
  /** Lines under PLAC other than MAP (FORM, NOTE…). */
  extra: GedcomNode[];
}

/** A birth, death, marriage or divorce. */
export interface GedcomEvent {
  date: LifeDate | null;
  place: GedcomPlace | null;
  /** Lines under the event other than DATE and PLAC (citations, AGE, TYPE…). */
  extra: GedcomNode[];
}

export interface GedcomPerson {
  xref: string;
  /** The name as a person reads it ("Anna Maria Rossi"); never empty. */
  name: string;
  given_names: string | null;
  surname: string | null;
  sex: Sex | null;
  birth: GedcomEvent | null;
  death: GedcomEvent | null;
  /** The person's notes, one after the other. */
  biography: string | null;
  /** Lines under the first NAME other than GIVN and SURN (NICK, NPFX, citations…). */
  name_extra: GedcomNode[];
  /** Every other line of the individual, in file order. */
  extra: GedcomNode[];
}

/** A child of a family, and how each partner is their parent. */
export interface GedcomChild {
  xref: string;
  /** One entry per partner of the family who is a parent of this child. */
  parents: { xref: string; kind: ParentKind }[];
  /** The adoption event, when the file records one for this family. */
  adoption: GedcomEvent | null;
}

export interface GedcomFamily {
  xref: string;
  husband: string | null;
  wife: string | null;
  /** `partners` when the file says the couple did not marry. */
  kind: 'married' | 'partners';
  marriage: GedcomEvent | null;
  divorce: GedcomEvent | null;
  children: GedcomChild[];
  extra: GedcomNode[];
}

export interface GedcomModel {
  people: GedcomPerson[];
  families: GedcomFamily[];
  /** Sources, repositories, media and shared notes the people cite, as records. */
  records: GedcomNode[];
}
