import type { RecordBulkResult, RecordListRow } from '@kinfolio/contract';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSelectionStore } from '@/shared/entity/bulk/store';
import { EMPTY_SELECTION } from '@/shared/entity/bulk/selection';
import { grant } from '@/shared/test/permissionsStub';
import { renderRoutes } from '@/shared/test/renderRoutes';
import RecordListPage from './RecordListPage';

// Mantine's menus and modals take a few renders to open on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const call = vi.fn();
vi.mock('@/shared/api/call', () => ({ call: (...args: unknown[]) => call(...args) }));

vi.mock('@/shared/organisation/hooks', () => import('@/shared/test/permissionsStub'));

const row = (id: number, title: string, deleted = false): RecordListRow => ({
  id,
  number: '',
  face: '',
  lang: 'fr',
  owner: '',
  registration_date: null,
  summary: '',
  title,
  info: '',
  location: '',
  place: null,
  people: [],
  revisions_count: 0,
  files_count: 0,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  deleted_at: deleted ? '2026-02-01T00:00:00Z' : null,
  preview: '',
});

const page = (rows: RecordListRow[]) => ({
  data: rows,
  meta: { current_page: 1, last_page: 1, per_page: 10, total: rows.length, from: 1, to: 1 },
  links: { first: null, last: null, prev: null, next: null },
});

const undo = { action: 'revert' as const, items: [{ id: 1, people: [] }] };
const answer = (message: string, withUndo = true): RecordBulkResult => ({
  message,
  changed: 2,
  ids: [1, 2],
  undo: withUndo ? undo : null,
});

/** The API as the contract describes it: records, the people, the owners, the bulk routes. */
function serve(rows: RecordListRow[]) {
  call.mockImplementation(async (name: string, args?: { body?: { action?: string } }) => {
    switch (name) {
      case 'records':
        return page(rows);
      case 'recordOwners':
        return [];
      case 'participants':
        return [
          { id: 5, name: 'Tante Mathilde', count: 1 },
          { id: 6, name: 'Oncle Paul', count: 0 },
        ];
      case 'recordBulk':
        return answer(
          args?.body?.action === 'revert' ? 'Changes undone.' : '2 records changed.',
          args?.body?.action !== 'revert',
        );
      case 'recordBulkHardDelete':
        return answer('2 records deleted for good.', false);
      case 'recordEmptyTrash':
        return answer('The trash is empty.', false);
      default:
        throw new Error(`unexpected ${name}`);
    }
  });
}

async function renderList(url = '/records') {
  await renderRoutes({ '/records': RecordListPage }, url);
  await screen.findByRole('heading', { name: rows[0]!.title });
}

const rows = [row(1, 'La moisson'), row(2, 'Les vendanges'), row(3, 'Le marché')];
const trashed = rows.map((r) => ({ ...r, deleted_at: '2026-02-01T00:00:00Z' }));
const bulkCalls = () =>
  call.mock.calls.filter(([name]) => /^record(Bulk|EmptyTrash)/.test(String(name)));

describe('RecordListPage: bulk actions', () => {
  beforeEach(() => {
    call.mockReset();
    useSelectionStore.getState().set('', EMPTY_SELECTION);
  });

  it('adds a person heard to the selected records in one request, and undoes it', async () => {
    grant(['records.edit']);
    serve(rows);
    await renderList();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Select “La moisson”' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select “Les vendanges”' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Change…' }));
    // Records have the people heard and a language; no status, no tags.
    expect(screen.queryByRole('menuitem', { name: 'Change the status', hidden: true })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Add a tag', hidden: true })).toBeNull();
    await user.click(
      await screen.findByRole('menuitem', { name: 'Add a person heard', hidden: true }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add a person heard' });
    await user.type(within(dialog).getByLabelText('Person heard'), 'Tante');
    // The one matching person, picked with the keyboard (the filter bar has the same options).
    await user.keyboard('{ArrowDown}{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Apply to 2 items' }));

    await waitFor(() =>
      expect(bulkCalls()).toEqual([
        [
          'recordBulk',
          { body: { action: 'link', ids: [1, 2], kind: 'people', values: [5] } },
          { quietSuccess: true },
        ],
      ]),
    );
    expect(await screen.findByText('2 records changed.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(bulkCalls().at(-1)).toEqual(['recordBulk', { body: undo }, { quietSuccess: true }]),
    );
    expect(await screen.findByText('Changes undone.')).toBeInTheDocument();
  });

  it('sets the language of the whole page and moves the selection to the trash', async () => {
    grant(['records.edit', 'content.delete']);
    serve(rows);
    await renderList();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'All on this page' }));
    expect(screen.getByText('3 selected')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Change…' }));
    await user.click(
      await screen.findByRole('menuitem', { name: 'Change the language', hidden: true }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Change the language' });
    await user.type(within(dialog).getByLabelText('Language'), 'Itali');
    await user.keyboard('{ArrowDown}{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Apply to 3 items' }));
    await waitFor(() =>
      expect(bulkCalls().at(-1)).toEqual([
        'recordBulk',
        { body: { action: 'language', ids: [1, 2, 3], language: 'it' } },
        { quietSuccess: true },
      ]),
    );

    await user.click(screen.getByRole('button', { name: 'Move to trash' }));
    await waitFor(() =>
      expect(bulkCalls().at(-1)).toEqual([
        'recordBulk',
        { body: { action: 'trash', ids: [1, 2, 3] } },
        { quietSuccess: true },
      ]),
    );
    // The trashed records leave the list: the selection is emptied.
    await waitFor(() => expect(screen.getByText('0 selected')).toBeInTheDocument());
  });

  it('restores, deletes for good and empties the trash, each asked first', async () => {
    grant(['records.edit', 'content.delete']);
    serve(trashed);
    await renderList('/records?deleted=1');
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Select “La moisson”' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select “Le marché”' }));
    const bar = screen.getByRole('button', { name: 'Delete for good' });
    await user.click(bar);
    const confirm = await screen.findByRole('dialog', { name: 'Delete for good?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete 2 items' }));
    await waitFor(() =>
      expect(bulkCalls().at(-1)).toEqual(['recordBulkHardDelete', { body: { ids: [1, 3] } }]),
    );

    await user.click(screen.getByRole('checkbox', { name: 'Select “Les vendanges”' }));
    const restore = screen
      .getAllByRole('button', { name: 'Restore' })
      .find((button) => button.closest('.kf-bulk-bar'));
    await user.click(restore!);
    await waitFor(() =>
      expect(bulkCalls().at(-1)).toEqual([
        'recordBulk',
        { body: { action: 'restore', ids: [2] } },
        { quietSuccess: true },
      ]),
    );

    await user.click(screen.getByRole('button', { name: 'Empty the trash' }));
    const empty = await screen.findByRole('dialog', { name: 'Empty the trash?' });
    await user.click(within(empty).getByRole('button', { name: 'Empty the trash' }));
    await waitFor(() => expect(bulkCalls().at(-1)).toEqual(['recordEmptyTrash']));
  });

  it('offers no trash without content.delete, and no selection without records.edit', async () => {
    grant(['records.edit']);
    serve(rows);
    // The trash's address shows the live list: the trash is not offered.
    await renderList('/records?deleted=1');
    const trashAsked = call.mock.calls.some(
      ([name, args]) =>
        name === 'records' &&
        (args as { query?: object })?.query &&
        'trash' in (args as { query: object }).query,
    );
    expect(trashAsked).toBe(false);
    expect(screen.queryByRole('radio', { name: 'Trash' })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Select “La moisson”' }));
    expect(screen.getByRole('button', { name: 'Change…' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Move to trash' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete for good' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Empty the trash' })).toBeNull();
    cleanup();

    grant([]);
    serve(rows);
    await renderList();
    expect(screen.queryByRole('checkbox', { name: /^Select/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change…' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'New record' })).toBeNull();
  });
});
