import type { ContentLanguage, Import, ImportPreview } from '@kinfolio/contract';
import type { ImportStartBody } from './api';

/** What the preview's form holds: each person's participant (null: a new one) and the answers. */
export interface PreviewAnswers {
  people: Record<string, number | null>;
  date_order: 'day_first' | 'month_first' | null;
  time_zone: string | null;
  one_item_per: 'day' | 'message';
  folder_categories: boolean;
  language: ContentLanguage | null;
}

/** The zone the browser runs in (`Europe/Paris`), the likeliest for times written without one. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/** Which options a source's kinds offer beside the questions it left open. */
export function optionsOf(kinds: Import['source_kinds']) {
  return {
    onePerMessage: kinds.includes('whatsapp'),
    folderCategories: kinds.includes('photos'),
  };
}

/**
 * The form's first state: each person taken as the suggested participant (same name) or a new
 * one, the browser's time zone preselected, the options the upload chose.
 */
export function initialAnswers(
  entry: Pick<Import, 'options'>,
  preview: ImportPreview,
  zone: string | null = browserTimeZone(),
): PreviewAnswers {
  return {
    people: Object.fromEntries(
      preview.people.map((person) => [
        person.key,
        entry.options.people[person.key] ?? person.participant_id,
      ]),
    ),
    date_order: entry.options.date_order ?? null,
    time_zone: entry.options.time_zone ?? zone,
    one_item_per: entry.options.one_item_per,
    folder_categories: entry.options.folder_categories,
    language: entry.options.language ?? null,
  };
}

/**
 * What the import will create once its people are mapped and its chats cut. The server counted
 * a new participant for each person it matched to no participant; one mapped to a participant now
 * makes none, and one whose suggested participant was set aside makes one of their own. A chat's
 * messages are counted both ways (`message_days`, `message_lines`): the items are the days', or
 * each message's when asked; those two counts are not shown themselves.
 */
export function plannedCounts(
  preview: ImportPreview,
  answers: Pick<PreviewAnswers, 'people' | 'one_item_per'>,
): ImportPreview['counts'] {
  let participants = preview.counts.participants ?? 0;
  for (const person of preview.people) {
    const chosen = answers.people[person.key] ?? null;
    if (person.participant_id === null && chosen !== null) participants -= 1;
    if (person.participant_id !== null && chosen === null) participants += 1;
  }
  const { message_days: days, message_lines: lines, ...counts } = preview.counts;
  const messages = answers.one_item_per === 'message' ? lines : days;
  return {
    ...counts,
    ...(messages === undefined ? {} : { messages }),
    participants: Math.max(0, participants),
  };
}

/** The questions still unanswered: the import cannot start before they are. */
export function unanswered(preview: ImportPreview, answers: PreviewAnswers) {
  return preview.questions.filter((question) => !answers[question]);
}

/**
 * `POST …/start`'s body: the mapping of every person found, the questions the source asked, and
 * only the options its kind has.
 */
export function startBody(
  entry: Pick<Import, 'source_kinds'>,
  preview: ImportPreview,
  answers: PreviewAnswers,
): ImportStartBody {
  const offered = optionsOf(entry.source_kinds);
  const asked = new Set(preview.questions);
  return {
    people: Object.fromEntries(
      preview.people.map((person) => [person.key, answers.people[person.key] ?? null]),
    ),
    ...(asked.has('date_order') && answers.date_order ? { date_order: answers.date_order } : {}),
    ...(asked.has('time_zone') && answers.time_zone ? { time_zone: answers.time_zone } : {}),
    ...(offered.onePerMessage ? { one_item_per: answers.one_item_per } : {}),
    ...(offered.folderCategories ? { folder_categories: answers.folder_categories } : {}),
    ...(answers.language ? { language: answers.language } : {}),
  };
}
