import type { ContentLanguage, UiLanguage } from '@kinfolio/contract';

/** A member of the demo family: the name, its Arabic spelling, the languages they write in. */
export interface DemoPerson {
  name: string;
  ar: string;
  writes: ContentLanguage[];
}

export type Names = Record<UiLanguage, string>;

/** Four branches (Rossi in Turin, Moreau and Lambert in France, Benali in Casablanca, Weiß in
 * Munich) and the Hughes cousins in London. */
export const PEOPLE: DemoPerson[] = [
  { name: 'Nonna Rosa', ar: 'نونا روزا', writes: ['it'] },
  { name: 'Giuseppe Rossi', ar: 'جوزيبي روسي', writes: ['it', 'fr'] },
  { name: 'Chiara Rossi', ar: 'كيارا روسي', writes: ['it', 'en'] },
  { name: 'Matteo Rossi', ar: 'ماتيو روسي', writes: ['it', 'de'] },
  { name: 'Zio Enzo', ar: 'العم إنزو', writes: ['it'] },
  { name: 'Francesca Bianchi', ar: 'فرانشيسكا بيانكي', writes: ['it', 'fr'] },
  { name: 'Élise Moreau', ar: 'إليز مورو', writes: ['fr', 'it'] },
  { name: 'Grégoire Moreau', ar: 'غريغوار مورو', writes: ['fr'] },
  { name: 'Hélène Moreau', ar: 'هيلين مورو', writes: ['fr', 'en'] },
  { name: 'Théo Moreau', ar: 'تيو مورو', writes: ['fr', 'en'] },
  { name: 'Maëlle Moreau', ar: 'مايل مورو', writes: ['fr', 'de'] },
  { name: 'Papi Jean', ar: 'بابي جان', writes: ['fr'] },
  { name: 'Mamie Odette', ar: 'مامي أوديت', writes: ['fr'] },
  { name: 'Tante Mathilde', ar: 'الخالة ماتيلد', writes: ['fr'] },
  { name: 'Zoë Lambert', ar: 'زوي لامبير', writes: ['fr', 'en'] },
  { name: 'Noé Lambert', ar: 'نوي لامبير', writes: ['fr'] },
  { name: 'Chloé Lambert', ar: 'كلوي لامبير', writes: ['fr', 'it'] },
  { name: 'Youssef Benali', ar: 'يوسف بن علي', writes: ['ar', 'fr'] },
  { name: 'Amina Benali', ar: 'أمينة بن علي', writes: ['ar', 'fr'] },
  { name: 'Karim Benali', ar: 'كريم بن علي', writes: ['fr', 'ar', 'en'] },
  { name: 'Leïla Benali', ar: 'ليلى بن علي', writes: ['fr', 'ar'] },
  { name: 'Fatima Zahra Benali', ar: 'فاطمة الزهراء بن علي', writes: ['ar'] },
  { name: 'Jürgen Weiß', ar: 'يورغن فايس', writes: ['de'] },
  { name: 'Anneliese Weiß', ar: 'آنليزه فايس', writes: ['de', 'fr'] },
  { name: 'Lena Weiß', ar: 'لينا فايس', writes: ['de', 'en'] },
  { name: 'Lukas Weiß', ar: 'لوكاس فايس', writes: ['de', 'it'] },
  { name: 'Oma Gisela', ar: 'الجدة غيزيلا', writes: ['de'] },
  { name: 'Margaret Hughes', ar: 'مارغريت هيوز', writes: ['en'] },
  { name: 'Oliver Hughes', ar: 'أوليفر هيوز', writes: ['en', 'fr'] },
  { name: 'Siobhán Hughes', ar: 'شيفون هيوز', writes: ['en'] },
];

const names = (fr: string, en: string, it: string, de: string): Names => ({ fr, en, it, de });

export const TAGS: Names[] = [
  names('Anniversaire', 'Birthday', 'Compleanno', 'Geburtstag'),
  names('Mariage', 'Wedding', 'Matrimonio', 'Hochzeit'),
  names('Naissance', 'Birth', 'Nascita', 'Geburt'),
  names('Vacances', 'Holidays', 'Vacanze', 'Urlaub'),
  names('Recette', 'Recipe', 'Ricetta', 'Rezept'),
  names('Noël', 'Christmas', 'Natale', 'Weihnachten'),
  names('Aïd', 'Eid', 'Eid', 'Eid'),
  names('École', 'School', 'Scuola', 'Schule'),
  names('Déménagement', 'Moving house', 'Trasloco', 'Umzug'),
  names('Souvenirs', 'Memories', 'Ricordi', 'Erinnerungen'),
  names('Voyage', 'Journey', 'Viaggio', 'Reise'),
  names('Jardin', 'Garden', 'Giardino', 'Garten'),
  names('Musique', 'Music', 'Musica', 'Musik'),
  names('Photo ancienne', 'Old photo', 'Foto d’epoca', 'Altes Foto'),
  names('Lettre de guerre', 'War letter', 'Lettera di guerra', 'Kriegsbrief'),
  names('Retrouvailles', 'Reunion', 'Rimpatriata', 'Wiedersehen'),
  names('Santé', 'Health', 'Salute', 'Gesundheit'),
  names('Diplôme', 'Graduation', 'Laurea', 'Abschluss'),
  names('Bébé', 'Baby', 'Bebè', 'Baby'),
  names('Cousins', 'Cousins', 'Cugini', 'Cousins'),
];

/** Tag of each lexicon event (same order as Lexicon.events), if any. */
export const EVENT_TAGS: (number | null)[] = [0, 1, 18, 5, 6, null, 0, null, null, 17, null, 15];

export interface DemoCategory {
  names: Names;
  children?: DemoCategory[];
}

const leaf = (fr: string, en: string, it: string, de: string): DemoCategory => ({
  names: names(fr, en, it, de),
});
const branch = (n: Names, children: DemoCategory[]): DemoCategory => ({ names: n, children });

/** Three levels: branches, themes, places or dishes. */
export const CATEGORY_TREE: DemoCategory[] = [
  branch(names('Famille', 'Family', 'Famiglia', 'Familie'), [
    leaf('Naissances', 'Births', 'Nascite', 'Geburten'),
    leaf('Mariages', 'Weddings', 'Matrimoni', 'Hochzeiten'),
    leaf('Anniversaires', 'Birthdays', 'Compleanni', 'Geburtstage'),
  ]),
  branch(names('Voyages', 'Travels', 'Viaggi', 'Reisen'), [
    branch(names('Italie', 'Italy', 'Italia', 'Italien'), [
      leaf('Turin', 'Turin', 'Torino', 'Turin'),
      leaf('Toscane', 'Tuscany', 'Toscana', 'Toskana'),
    ]),
    branch(names('Maroc', 'Morocco', 'Marocco', 'Marokko'), [
      leaf('Casablanca', 'Casablanca', 'Casablanca', 'Casablanca'),
    ]),
    leaf('Allemagne', 'Germany', 'Germania', 'Deutschland'),
  ]),
  branch(names('Maison', 'Home', 'Casa', 'Zuhause'), [
    branch(names('Cuisine', 'Kitchen', 'Cucina', 'Küche'), [
      leaf('Recettes de Nonna', 'Nonna’s recipes', 'Ricette della Nonna', 'Nonnas Rezepte'),
    ]),
    leaf('Jardin', 'Garden', 'Giardino', 'Garten'),
  ]),
  branch(names('Fêtes', 'Celebrations', 'Feste', 'Feste'), [
    leaf('Noël', 'Christmas', 'Natale', 'Weihnachten'),
    leaf('Aïd', 'Eid', 'Eid', 'Eid'),
    leaf('Pâques', 'Easter', 'Pasqua', 'Ostern'),
  ]),
  branch(names('Archives', 'Archives', 'Archivi', 'Archive'), [
    leaf('Guerre', 'War', 'Guerra', 'Krieg'),
    leaf('Documents', 'Documents', 'Documenti', 'Dokumente'),
  ]),
];

/** The tree in insertion order (parents first): names, parent index, position among siblings. */
export function flatCategories(): { names: Names; parent: number | null; position: number }[] {
  const out: { names: Names; parent: number | null; position: number }[] = [];
  const walk = (nodes: DemoCategory[], parent: number | null) =>
    nodes.forEach((node, position) => {
      out.push({ names: node.names, parent, position });
      if (node.children) walk(node.children, out.length - 1);
    });
  walk(CATEGORY_TREE, null);
  return out;
}
