import type { Import, ImportPreview } from '@kinfolio/contract';

/** An import as `GET /api/imports/{id}` answers, done by default; tests override what they read. */
export function testImport(overrides: Partial<Import> = {}): Import {
  return {
    id: 9,
    source_kind: 'photos',
    source_kinds: ['photos'],
    origin: 'upload',
    file_name: 'vacances-2009.zip',
    created_by: 'Éloïse Martin',
    created_by_id: 1,
    created_at: '2026-11-28T10:00:00.000Z',
    finished_at: '2026-11-28T10:02:00.000Z',
    status: 'done',
    progress: 100,
    options: { folder_categories: false, preview: true, people: {}, one_item_per: 'day' },
    counts: { created: 0, existing: 0, near_duplicates: 0, skipped: 0 },
    skipped: [],
    created: {},
    created_titles: {},
    near_duplicates: [],
    errors: [],
    preview: null,
    ...overrides,
  };
}

/** A WhatsApp chat's preview: two authors (one matching a participant by name), the day order asked. */
export const chatPreview: ImportPreview = {
  counts: { messages: 4, message_days: 4, message_lines: 12, participants: 1, files: 2 },
  existing: 3,
  date_from: '2021-03-04',
  date_to: '2021-04-12',
  people: [
    { key: 'Mamie', name: 'Mamie', count: 40, participant_id: 5, participant_name: 'Mamie' },
    { key: 'Jo', name: 'Jo', count: 2, participant_id: null, participant_name: null },
  ],
  questions: ['date_order', 'time_zone'],
};
