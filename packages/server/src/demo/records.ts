import type { ContentLanguage } from '@kinfolio/contract';
import { PEOPLE } from './people.js';
import { TOWNS, type DemoTown } from './towns.js';

/**
 * The demo family's audio records: cassette sides, phone memos and interviews, each with a
 * transcript whose `[hh:mm:ss]` time codes fall inside its (generated, speech-like) audio.
 * People and owners are members of the demo family (people.ts).
 */
export interface DemoRecord {
  number: string;
  face: string;
  lang: ContentLanguage;
  owner: string;
  /** A calendar date, or null when nobody remembers. */
  date: string | null;
  title: string;
  summary: string;
  info: string;
  location: string;
  /** Where it was recorded, for the map (its `location` text stays as the family wrote it). */
  place: DemoTown;
  people: string[];
  rawtranscription: string;
  /** Audio parts (files) the recording is split into. */
  parts: number;
  /** Voice pitch in Hz (a lower or higher voice), for the generated audio. */
  pitch: number;
  deleted?: boolean;
}

export const DEMO_RECORDS: DemoRecord[] = [
  {
    number: 'K7-01',
    face: 'A',
    lang: 'fr',
    owner: 'Tante Mathilde',
    date: '1979-07-14',
    title: 'Papi Jean raconte la moisson de 1947',
    summary:
      'Papi Jean se souvient de la moisson à la ferme de Bellecombe et du bal du 14 juillet.',
    info: 'Cassette Maxell UR 60, face A. Bruit de fond : les cigales.',
    location: 'Bellecombe, Savoie',
    place: TOWNS.bellecombe,
    people: ['Papi Jean', 'Mamie Odette', 'Tante Mathilde'],
    rawtranscription:
      '[00:00:00] Tante Mathilde : Alors Papa, raconte-nous la moisson.\n' +
      "[00:00:03] Papi Jean : En 1947, on fauchait encore à la main, avec l'oncle Émile.\n" +
      '[00:00:07] Il faisait une chaleur terrible, on buvait du cidre coupé d’eau.\n' +
      '[00:00:11] Mamie Odette : Et le soir il y avait le bal sur la place !\n' +
      "[00:00:14] Papi Jean : C'est là que je l'ai fait danser pour la première fois.",
    parts: 2,
    pitch: 105,
  },
  {
    number: 'K7-01',
    face: 'B',
    lang: 'fr',
    owner: 'Tante Mathilde',
    date: '1979-07-14',
    title: 'La guerre et le retour du stalag',
    summary: 'Suite de la cassette : la captivité en Allemagne et le retour à pied en 1945.',
    info: 'Face B, la fin est coupée.',
    location: 'Bellecombe, Savoie',
    place: TOWNS.bellecombe,
    people: ['Papi Jean', 'Tante Mathilde'],
    rawtranscription:
      '[00:00:00] Papi Jean : On nous a emmenés au stalag en juin 40.\n' +
      '[00:00:04] On travaillait dans une ferme près de Munich, chez des gens corrects.\n' +
      '[00:00:08] Au printemps 45 on est rentrés à pied, puis en train depuis Strasbourg.\n' +
      '[00:00:12] Tante Mathilde : Et Maman t’attendait à la gare ?',
    parts: 1,
    pitch: 110,
  },
  {
    number: 'NASTRO-3',
    face: 'A',
    lang: 'it',
    owner: 'Giuseppe Rossi',
    date: '1984-12-24',
    title: 'La vigilia di Natale dalla Nonna Rosa',
    summary: 'Nonna Rosa spiega la ricetta degli agnolotti e canta una ninna nanna piemontese.',
    info: 'Registrato col mangianastri Philips in cucina, via Po.',
    location: 'Torino',
    place: TOWNS.torino,
    people: ['Nonna Rosa', 'Giuseppe Rossi', 'Zio Enzo'],
    rawtranscription:
      '[00:00:00] Nonna Rosa: Allora, per gli agnolotti ci vuole l’arrosto del giorno prima.\n' +
      '[00:00:04] Giuseppe: Quanta farina, Nonna?\n' +
      "[00:00:06] Nonna Rosa: Un chilo, e sette uova. Non di più, se no la pasta s'indurisce.\n" +
      '[00:00:10] Zio Enzo: E poi si canta! Fai la ninna nanna, mamma.\n' +
      '[00:00:13] Nonna Rosa: Fà la nana, bel bambin…',
    parts: 2,
    pitch: 215,
  },
  {
    number: 'MEMO-2011-04',
    face: '',
    lang: 'it',
    owner: 'Chiara Rossi',
    date: '2011-04-25',
    title: 'Messaggio vocale di Zio Enzo',
    summary: 'Zio Enzo racconta la gita in Val di Susa e saluta tutta la famiglia.',
    info: 'Memo del telefono, convertito da AMR.',
    location: 'Susa',
    place: TOWNS.susa,
    people: ['Zio Enzo', 'Chiara Rossi'],
    rawtranscription:
      '[00:00:00] Zio Enzo: Ciao Chiara, sono lo zio!\n' +
      '[00:00:02] Siamo saliti fino alla Sacra di San Michele, che vista.\n' +
      '[00:00:06] Salutami la mamma e Matteo. Ci vediamo a Pasquetta.',
    parts: 1,
    pitch: 120,
  },
  {
    number: 'BAND-7',
    face: 'A',
    lang: 'de',
    owner: 'Anneliese Weiß',
    date: '1972-09-30',
    title: 'Oma Gisela erzählt vom Oktoberfest',
    summary: 'Oma Gisela erinnert sich an das Oktoberfest 1950 und an die Arbeit in der Bäckerei.',
    info: 'Tonband Grundig TK 14, Kopie auf Kassette.',
    location: 'München',
    place: TOWNS.munich,
    people: ['Oma Gisela', 'Jürgen Weiß', 'Anneliese Weiß'],
    rawtranscription:
      '[00:00:00] Jürgen: Mama, erzähl doch vom Oktoberfest.\n' +
      '[00:00:03] Oma Gisela: 1950 war das erste richtige nach dem Krieg.\n' +
      '[00:00:07] Wir haben in der Bäckerei bis Mitternacht Brezn gebacken.\n' +
      '[00:00:11] Anneliese: Und das Karussell mit den Pferden?\n' +
      '[00:00:13] Oma Gisela: Das gibt es heute noch, stell dir vor.',
    parts: 2,
    pitch: 200,
  },
  {
    number: 'INT-2019-02',
    face: '1',
    lang: 'en',
    owner: 'Oliver Hughes',
    date: '2019-02-17',
    title: 'Interview with Margaret Hughes about the move to London',
    summary: 'Margaret tells Oliver how the family left Cork for London in 1961.',
    info: 'Recorded for a school project; the kettle whistles near the end.',
    location: 'London',
    place: TOWNS.london,
    people: ['Margaret Hughes', 'Oliver Hughes', 'Siobhán Hughes'],
    rawtranscription:
      '[00:00:00] Oliver: Gran, why did you leave Cork?\n' +
      '[00:00:02] Margaret: There was no work, love. Your grandad found a job on the railways.\n' +
      '[00:00:07] We took the boat to Fishguard with two suitcases and Siobhán in a basket.\n' +
      '[00:00:11] Oliver: Were you homesick?\n' +
      '[00:00:13] Margaret: Every single day of the first winter.',
    parts: 3,
    pitch: 190,
  },
  {
    number: 'K7-AR-2',
    face: 'A',
    lang: 'ar',
    owner: 'Karim Benali',
    date: '1991-04-15',
    title: 'جدتي فاطمة الزهراء تحكي عن عيد الفطر',
    summary: 'تحكي فاطمة الزهراء عن تحضير حلويات العيد في الدار البيضاء.',
    info: 'شريط كاسيت، الوجه الأول.',
    location: 'الدار البيضاء',
    place: TOWNS.casablanca,
    people: ['Fatima Zahra Benali', 'Youssef Benali', 'Karim Benali'],
    rawtranscription:
      '[00:00:00] كريم: جدتي، احكي لنا عن العيد.\n' +
      '[00:00:03] فاطمة الزهراء: كنا نحضر كعب الغزال والشباكية قبل العيد بأيام.\n' +
      '[00:00:08] يوسف: وكان الجيران يأتون لمساعدتنا.\n' +
      '[00:00:11] فاطمة الزهراء: نعم، والبيت كله كانت فيه رائحة ماء الزهر.',
    parts: 1,
    pitch: 210,
  },
  {
    number: 'MEMO-2023-11',
    face: '',
    lang: 'fr',
    owner: 'Leïla Benali',
    date: null,
    title: 'Amina chante pour le bébé de Zoë',
    summary: 'Une berceuse enregistrée au téléphone pour la naissance de la petite.',
    info: 'Date inconnue ; message WhatsApp.',
    location: 'Lyon',
    place: TOWNS.lyon,
    people: ['Amina Benali', 'Zoë Lambert'],
    rawtranscription:
      '[00:00:00] Amina : Coucou Zoë, voilà la berceuse que je chantais à Leïla.\n' +
      '[00:00:04] (elle chante) Nami nami, ya habibi…\n' +
      '[00:00:08] Gros bisous à la petite, on vient la voir dimanche.',
    parts: 1,
    pitch: 220,
    deleted: true,
  },
];

/** A person's index in PEOPLE (the seed's participant ids come in that order). */
export function personIndex(name: string): number {
  const index = PEOPLE.findIndex((p) => p.name === name);
  if (index < 0) throw new Error(`Unknown demo person: ${name}`);
  return index;
}

/** The last time code of a transcript, in seconds. */
export function lastTimeCode(transcript: string): number {
  let last = 0;
  for (const m of transcript.matchAll(/\[(\d{2}):(\d{2}):(\d{2})\]/g)) {
    last = Math.max(last, Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]));
  }
  return last;
}
