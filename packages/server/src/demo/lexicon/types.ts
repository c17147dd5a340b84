/**
 * The words and sentence patterns of one content language. Every language lists the same entries
 * in the same order, so one choice of indexes renders the same family story in each language (a
 * translation says what its original says). Placeholders: {p} and {q} (two people), {me} (the
 * sender), {place}, {dish}, {event}, {weather}, {activity}, {object}, {season}, {year}; an {event}
 * may itself name {p}. Text never contains double quotes or angle brackets.
 */
export interface Lexicon {
  /** Where: a prepositional phrase ("à Marseille"). */
  places: string[];
  /** A dish as the object of a verb. */
  dishes: string[];
  /** An occasion as a prepositional phrase ("pour l'anniversaire de {p}"). */
  events: string[];
  /** A whole clause about the weather. */
  weather: string[];
  /** A whole clause, subject "we", past tense. */
  activities: string[];
  /** A keepsake as the object of a verb. */
  objects: string[];
  /** When: a prepositional phrase ("en été"). */
  seasons: string[];
  /** Sentences that fit any story (posts and mails). */
  story: string[];
  post: { titles: string[]; sentences: string[] };
  mail: {
    titles: string[];
    greetings: string[];
    sentences: string[];
    closings: string[];
  };
  message: { titles: string[]; sentences: string[] };
  media: { titles: string[]; captions: string[] };
  dream: { titles: string[]; sentences: string[] };
}
