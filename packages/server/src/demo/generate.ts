import {
  CONTENT_LANGUAGES,
  ITEM_TYPES,
  LIMITS,
  itemFieldsOf,
  type ContentLanguage,
  type ItemFields,
  type ItemType,
} from '@kinfolio/contract';
import { ar } from './lexicon/ar.js';
import { de } from './lexicon/de.js';
import { en } from './lexicon/en.js';
import { fr } from './lexicon/fr.js';
import { it } from './lexicon/it.js';
import type { Lexicon } from './lexicon/types.js';
import { EVENT_TAGS, PEOPLE, TAGS, flatCategories } from './people.js';

export const LEXICONS: Record<ContentLanguage, Lexicon> = { fr, en, it, de, ar };

/** mulberry32: a small, fast, seeded PRNG (uniform in [0, 1)). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One demo item, its links as indexes into PEOPLE, TAGS and flatCategories(). */
export interface DemoItem {
  type: ItemType;
  title: string;
  /** Sanitised HTML (paragraphs of plain text), with its plain text and preview as the app stores them. */
  content: string;
  plain: string;
  preview: string;
  date: string;
  language: ContentLanguage;
  original_language: ContentLanguage;
  /** Index (in the generated sequence) of the original this item translates. */
  parent: number | null;
  status: 'published' | 'draft';
  deleted: boolean;
  from: number[];
  to: number[];
  tags: number[];
  categories: number[];
  /** The type's own fields, drawn from its definition in the contract. */
  fields: ItemFields;
  /** The place (index in the lexicons' `places`) its title names, if it names one. */
  place: number | null;
}

type Slot = 'place' | 'dish' | 'event' | 'weather' | 'activity' | 'object' | 'season';
const SLOT_LISTS: Record<Slot, (lex: Lexicon) => string[]> = {
  place: (l) => l.places,
  dish: (l) => l.dishes,
  event: (l) => l.events,
  weather: (l) => l.weather,
  activity: (l) => l.activities,
  object: (l) => l.objects,
  season: (l) => l.seasons,
};

/** A sentence chosen independently of language: which pattern, and what fills it. */
interface Sentence {
  list: (lex: Lexicon) => string[];
  index: number;
  slots: Record<Slot, number>;
  p: number;
  q: number;
  year: number;
}

/**
 * Years a type spreads over when not 1950–2025 (posts from the sixties, text messages from the
 * nineties, dreams written down from the seventies).
 */
const YEARS: Partial<Record<ItemType, [number, number]>> = {
  post: [1965, 2025],
  message: [1995, 2025],
  dream: [1970, 2025],
};
const ALL_YEARS: [number, number] = [1950, 2025];

/** A type's own words in the lexicons, when it has any (a new type borrows the posts'). */
type TypeWords = { titles: string[]; sentences?: string[] };
const wordsOf = (type: ItemType) => (l: Lexicon) =>
  ((l as unknown as Partial<Record<ItemType, TypeWords>>)[type] ?? l.post) satisfies TypeWords;

const CATEGORY_COUNT = flatCategories().length;

class Writer {
  constructor(readonly random: () => number) {}

  int(max: number) {
    return Math.floor(this.random() * max);
  }
  between(min: number, max: number) {
    return min + this.int(max - min + 1);
  }
  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)]!;
  }
  /** `count` distinct indexes below `max`. */
  distinct(count: number, max: number): number[] {
    const out = new Set<number>();
    while (out.size < Math.min(count, max)) out.add(this.int(max));
    return [...out].sort((a, b) => a - b);
  }

  sentence(list: (lex: Lexicon) => string[], index: number, people: number[], year: number) {
    const slots = {} as Record<Slot, number>;
    for (const slot of Object.keys(SLOT_LISTS) as Slot[]) {
      const size = SLOT_LISTS[slot](fr).length;
      // The last keepsake (the zoetrope) is rare: a word that only a few items contain.
      slots[slot] =
        slot === 'object'
          ? this.random() < 0.002
            ? size - 1
            : this.int(size - 1)
          : this.int(size);
    }
    const p = this.pick(people);
    const others = people.filter((id) => id !== p);
    const q = others.length ? this.pick(others) : this.int(PEOPLE.length);
    const past = this.random() < 0.3 ? this.int(30) : 0;
    return { list, index, slots, p, q, year: Math.max(1925, year - past) } satisfies Sentence;
  }

  /** `count` different sentences from the given lists. */
  sentences(lists: ((lex: Lexicon) => string[])[], count: number, people: number[], year: number) {
    const pool = lists.flatMap((list) => list(fr).map((_, index) => ({ list, index })));
    return this.distinct(count, pool.length)
      .map((n) => pool[n]!)
      .sort(() => this.random() - 0.5)
      .map(({ list, index }) => this.sentence(list, index, people, year));
  }
}

/** A whole item in the abstract: title, paragraphs of sentences, signature. */
interface Draft {
  title: Sentence;
  paragraphs: Sentence[][];
  sender: number;
}

function render(sentence: Sentence, language: ContentLanguage, sender: number): string {
  const lex = LEXICONS[language];
  const person = (index: number) => (language === 'ar' ? PEOPLE[index]!.ar : PEOPLE[index]!.name);
  let text = sentence.list(lex)[sentence.index]!;
  text = text.replace(
    /\{(place|dish|event|weather|activity|object|season)\}/g,
    (_, slot: Slot) => SLOT_LISTS[slot](lex)[sentence.slots[slot]]!,
  );
  text = text
    .replace(/\{p\}/g, person(sentence.p))
    .replace(/\{q\}/g, person(sentence.q))
    .replace(/\{me\}/g, person(sender))
    .replace(/\{year\}/g, String(sentence.year));
  if (language === 'fr') text = elide(text);
  // A clause that follows a question or an exclamation starts a sentence of its own.
  text = text.replace(
    /([.?!]\s+)(\p{Ll})/gu,
    (_, stop: string, letter: string) => stop + letter.toUpperCase(),
  );
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** French elides `de` and `que` before a vowel: « le mariage d’Oliver », « qu’Élise ». */
const elide = (text: string) =>
  text.replace(/\b([Dd]e|[Qq]ue) (?=[AEIOUÉÈÊÀÂÎÔaeiouéèêàâîô])/g, (_, word: string) =>
    word.length === 2 ? `${word[0]}’` : `${word.slice(0, 2)}’`,
  );

/** A title of the type's patterns, its slots filled. */
function titleOf(w: Writer, type: ItemType, people: number[], year: number): Sentence {
  const titles = (l: Lexicon) => wordsOf(type)(l).titles;
  return w.sentence(titles, w.int(titles(fr).length), people, year);
}

/** Whether a sentence's pattern (the same in every language) has the slot. */
const names = (sentence: Sentence, slot: Slot) =>
  sentence.list(fr)[sentence.index]!.includes(`{${slot}}`);

/**
 * Titles already given, by type (in French: every language renders the same choices): a title
 * met again is drawn anew, from a PRNG of its own so that the rest of the archive stays as the
 * seed made it. A few tries are enough: every pattern has a person, a place, a year or an
 * occasion to vary.
 */
class TitleBook {
  private readonly seen = new Set<string>();
  private readonly writer: Writer;
  constructor(seed: number) {
    this.writer = new Writer(seededRandom(seed ^ 0x5eed7177));
  }
  unique(draft: Draft, type: ItemType, people: number[], year: number): Draft {
    let title = draft.title;
    for (let attempt = 0; attempt < 40; attempt++) {
      const key = `${type}:${render(title, 'fr', draft.sender)}`;
      if (!this.seen.has(key)) {
        this.seen.add(key);
        return { ...draft, title };
      }
      title = titleOf(this.writer, type, people, year);
    }
    return { ...draft, title };
  }
}

function draftOf(w: Writer, type: ItemType, people: number[], sender: number, year: number): Draft {
  const story = (l: Lexicon) => l.story;
  const title = titleOf(w, type, people, year);
  const paragraphs: Sentence[][] = [];
  if (type === 'post') {
    const count = w.between(3, 6);
    const all = w.sentences([story, (l) => l.post.sentences], count * 3, people, year);
    for (let i = 0; i < count; i++) paragraphs.push(all.slice(i * 3, i * 3 + w.between(2, 3)));
  } else if (type === 'mail') {
    const greetings = (l: Lexicon) => l.mail.greetings;
    const closings = (l: Lexicon) => l.mail.closings;
    paragraphs.push([w.sentence(greetings, w.int(greetings(fr).length), people, year)]);
    const count = w.between(2, 4);
    const all = w.sentences([(l) => l.mail.sentences, story], count * 3, people, year);
    for (let i = 0; i < count; i++) paragraphs.push(all.slice(i * 3, i * 3 + w.between(2, 3)));
    paragraphs.push([w.sentence(closings, w.int(closings(fr).length), people, year)]);
  } else if (type === 'message') {
    paragraphs.push(w.sentences([(l) => l.message.sentences], w.between(1, 3), people, year));
  } else if (type === 'media') {
    paragraphs.push(w.sentences([(l) => l.media.captions], w.between(1, 3), people, year));
  } else {
    // Any other type: its own sentences (else the stories'), in one to three paragraphs.
    const own = (l: Lexicon) => wordsOf(type)(l).sentences ?? l.story;
    const count = w.between(1, 3);
    const all = w.sentences([own], count * 3, people, year);
    for (let i = 0; i < count; i++) paragraphs.push(all.slice(i * 3, i * 3 + w.between(2, 3)));
  }
  return { title, paragraphs, sender };
}

const escapeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function write(draft: Draft, language: ContentLanguage) {
  const paragraphs = draft.paragraphs.map((p) =>
    p.map((s) => render(s, language, draft.sender)).join(' '),
  );
  const plain = paragraphs.join(' ');
  return {
    title: render(draft.title, language, draft.sender),
    content: paragraphs.map((p) => `<p>${escapeText(p)}</p>`).join(''),
    plain,
    preview: Array.from(plain).slice(0, LIMITS.previewLength).join(''),
  };
}

/** The type's own fields: an enum's value (now and then not said), a flag now and then set. */
function fieldsOf(w: Writer, type: ItemType): ItemFields {
  const out: ItemFields = {};
  for (const [name, def] of itemFieldsOf(type)) {
    out[name] =
      def.kind === 'boolean' ? w.random() < 0.25 : w.random() < 0.15 ? null : w.pick(def.values);
  }
  return out;
}

function dateIn(w: Writer, [from, to]: [number, number]): Date {
  // More recent years hold more items (families write more once they have phones).
  const span = to - from + 1;
  const year = from + Math.floor(Math.sqrt(w.random()) * span);
  const day = w.int(365);
  const minutes = w.between(7 * 60, 22 * 60);
  return new Date(Date.UTC(year, 0, 1 + day, 0, minutes));
}

/**
 * `size` items (originals, each followed by its translations), deterministic for a seed: the
 * item types in equal shares, 1950–2025, in the languages their senders write, about a third of
 * the originals translated into one or two other languages.
 */
export function* demoItems(size: number, seed = 1): Generator<DemoItem> {
  const w = new Writer(seededRandom(seed));
  const titles = new TitleBook(seed);
  let produced = 0;
  let typeIndex = 0;
  while (produced < size) {
    const type = ITEM_TYPES[typeIndex++ % ITEM_TYPES.length]!;
    const sender = w.int(PEOPLE.length);
    const others = w.distinct(type === 'media' ? w.between(1, 5) : w.between(1, 3), PEOPLE.length);
    const to = others.filter((id) => id !== sender);
    const people = [sender, ...to];
    const date = dateIn(w, YEARS[type] ?? ALL_YEARS);
    const year = date.getUTCFullYear();
    const draft = titles.unique(draftOf(w, type, people, sender, year), type, people, year);
    const language = w.pick(PEOPLE[sender]!.writes);
    const tags = w.distinct(w.int(3), TAGS.length);
    // A title naming an occasion (Christmas, a wedding…) carries its tag.
    const eventTag = names(draft.title, 'event') ? EVENT_TAGS[draft.title.slots.event] : null;
    if (eventTag !== null && eventTag !== undefined) tags.push(eventTag);
    const links = {
      from: [sender],
      to,
      tags: [...new Set(tags)].sort((a, b) => a - b),
      categories: w.distinct(w.between(1, 2), CATEGORY_COUNT),
    };
    const fields = fieldsOf(w, type);
    const place = names(draft.title, 'place') ? draft.title.slots.place : null;
    const originalIndex = produced;
    const deleted = w.random() < 0.015;
    yield {
      type,
      ...write(draft, language),
      date: date.toISOString(),
      language,
      original_language: language,
      parent: null,
      status: w.random() < 0.04 ? 'draft' : 'published',
      deleted,
      ...links,
      fields,
      place,
    };
    produced++;
    const translated = w.random() < 0.35 ? w.between(1, 2) : 0;
    const targets = CONTENT_LANGUAGES.filter((l) => l !== language);
    for (const n of w.distinct(translated, targets.length)) {
      if (produced >= size) break;
      const target = targets[n]!;
      yield {
        type,
        ...write(draft, target),
        date: date.toISOString(),
        language: target,
        original_language: language,
        parent: originalIndex,
        status: 'published',
        deleted: false,
        ...links,
        fields,
        place,
      };
      produced++;
    }
  }
}
