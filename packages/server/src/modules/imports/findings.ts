import type { ImportPreview, ImportQuestion } from '@kinfolio/contract';

/**
 * What a source's analysis found, gathered while it reads the source through: counts of what
 * would be created by kind, what is there already, the dates' range, the people (by the key the
 * import's `people` option maps) and the questions the source leaves open. Sources only add;
 * the import turns it into its preview (matching people to participants by name).
 */
export class SourceFindings {
  private readonly counts = new Map<string, number>();
  private existingCount = 0;
  private first: Date | undefined;
  private last: Date | undefined;
  private readonly people = new Map<
    string,
    { name: string; count: number; suggested?: { id: number; name: string } | null }
  >();
  private readonly questions = new Set<ImportQuestion>();

  /** `count` more entries of `kind` (`media`, `mails`, `messages`, `files`, `tags`, …) to create. */
  add(kind: string, count = 1) {
    this.counts.set(kind, (this.counts.get(kind) ?? 0) + count);
  }

  /** Entries the archive holds already (same identity): they will not be created again. */
  existing(count = 1) {
    this.existingCount += count;
  }

  /** A date an entry would carry. */
  date(date: Date) {
    if (Number.isNaN(date.getTime())) return;
    if (!this.first || date < this.first) this.first = date;
    if (!this.last || date > this.last) this.last = date;
  }

  /** A person appearing in one more entry; `key` is what `options.people` maps (stable). */
  person(key: string, name: string) {
    const known = this.people.get(key);
    if (known) known.count += 1;
    else this.people.set(key, { name, count: 1 });
  }

  /**
   * A person the source identifies itself (a GEDCOM individual): matched by the source, not by
   * name (`suggested`, null for none), and a participant of their own when none is suggested,
   * even beside another of the same name (two Giuseppe Conti of a tree are two people).
   */
  identified(key: string, name: string, suggested: { id: number; name: string } | null) {
    this.people.set(key, { name, count: 1, suggested });
  }

  question(question: ImportQuestion) {
    this.questions.add(question);
  }

  /**
   * The preview, with each person's participant found by `match` (same name) or null. The
   * participants to create are counted here, across the source's kinds: the people no
   * participant matches (nor was chosen for in `chosen`), one per name, as the import makes them
   * (`Marc` writing mails and in the chat is one participant).
   */
  async preview(
    match: (name: string) => Promise<{ id: number; name: string } | undefined>,
    {
      nameKey = (name: string) => name.trim().toLowerCase(),
      chosen = {},
    }: {
      /** What makes two names one participant's. */
      nameKey?: (name: string) => string;
      /** The participant chosen for a person's key, when the upload said. */
      chosen?: Record<string, number | null>;
    } = {},
  ): Promise<ImportPreview> {
    const people: ImportPreview['people'] = [];
    const newNames = new Set<string>();
    for (const [key, person] of this.people) {
      const participant =
        person.suggested === undefined ? await match(person.name) : (person.suggested ?? undefined);
      const identified = person.suggested !== undefined;
      const choice = chosen[key];
      if (identified && (choice === null || (!participant && typeof choice !== 'number'))) {
        newNames.add(`\u0000${key}`);
      } else if (!identified && !participant && typeof choice !== 'number') {
        newNames.add(nameKey(person.name));
      }
      people.push({
        key,
        name: person.name,
        count: person.count,
        participant_id: participant?.id ?? null,
        participant_name: participant?.name ?? null,
      });
    }
    people.sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
    const counts = Object.fromEntries(this.counts);
    if (newNames.size) counts.participants = newNames.size;
    return {
      counts,
      existing: this.existingCount,
      date_from: this.first?.toISOString() ?? null,
      date_to: this.last?.toISOString() ?? null,
      people,
      questions: [...this.questions],
    };
  }
}
