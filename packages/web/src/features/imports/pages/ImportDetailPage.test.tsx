import type { Import, Item } from '@kinfolio/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { grant } from '@/shared/test/permissionsStub';
import { renderRoutes } from '@/shared/test/renderRoutes';
import { chatPreview, testImport } from '../testImport';
import ImportDetailPage from './ImportDetailPage';

// Mantine's selects and modals take a few renders to open on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const call = vi.fn();
vi.mock('@/shared/api/call', () => ({ call: (...args: unknown[]) => call(...args) }));
vi.mock('@/shared/organisation/hooks', () => import('@/shared/test/permissionsStub'));

const picture = (id: number, title: string) =>
  ({
    id,
    title,
    files: [{ id: id * 10, thumbnail_url: `/api/files/${id * 10}/thumbnail` }],
  }) as unknown as Item;

/** The API as the contract describes it, answering `importStatus` with `entry`. */
function serve(entry: Import) {
  call.mockImplementation(async (name: string, args?: { params?: { id: number } }) => {
    switch (name) {
      case 'importStatus':
        return entry;
      case 'participants':
        return [
          { id: 5, name: 'Mamie', count: 3 },
          { id: 7, name: 'Josette Martin', count: 1 },
        ];
      case 'importStart':
        return { message: 'Import started.', import: { ...entry, status: 'queued' } };
      case 'importUndo':
        return { message: 'Undone.', import: { ...entry, status: 'undone' } };
      case 'media.single':
        return picture(args!.params!.id, `Photo ${args!.params!.id}`);
      case 'importNearDuplicate':
        return { message: 'The new picture is in the trash.', import: entry };
      default:
        throw new Error(`unexpected ${name}`);
    }
  });
}

const renderImport = () => renderRoutes({ '/imports/$import_id': ImportDetailPage }, '/imports/9');

describe('ImportDetailPage: the preview', () => {
  beforeEach(() => {
    call.mockReset();
    grant(['content.edit', 'content.delete']);
  });

  const chat = testImport({
    source_kind: 'whatsapp',
    source_kinds: ['whatsapp'],
    status: 'ready',
    progress: 0,
    finished_at: null,
    preview: chatPreview,
  });

  it('shows what was found and maps each person, the suggestion preselected', async () => {
    serve(chat);
    await renderImport();
    expect(
      await screen.findByText('WhatsApp chat', { selector: '.mantine-Badge-label' }),
    ).toBeInTheDocument();
    const counts = screen.getAllByRole('definition').map((dd) => dd.textContent);
    // The chat's days (its items), not its 12 messages; the two ways' counts are not shown.
    expect(counts).toEqual(['4', '1', '2']);
    expect(screen.getByText('Messages')).toBeInTheDocument();
    expect(
      screen.getByText('3 entries are already in the archive and will be left as they are.'),
    ).toBeInTheDocument();
    expect(screen.getByText('From Mar 4, 2021 to Apr 12, 2021')).toBeInTheDocument();

    // Mamie matched the participant of that name; Jo becomes a participant of their own.
    expect(screen.getByLabelText('Mamie in the archive', { selector: 'input' })).toHaveValue(
      'Mamie',
    );
    const jo = screen.getByLabelText('Jo in the archive', { selector: 'input' });
    expect(jo).toHaveValue('New participant');

    // Searchable: typing finds the participant, who is then Jo.
    const user = userEvent.setup();
    await user.clear(jo);
    await user.type(jo, 'Jose');
    // The one matching participant, picked with the keyboard.
    await user.keyboard('{ArrowDown}{Enter}');
    expect(jo).toHaveValue('Josette Martin');
    // Nobody is left to become a participant of their own.
    expect(screen.getAllByRole('definition').map((dd) => dd.textContent)).toEqual(['4', '2']);
    // One item per message: as many items as messages.
    await user.click(screen.getByRole('radio', { name: 'One item per message' }));
    expect(screen.getAllByRole('definition').map((dd) => dd.textContent)).toEqual(['12', '2']);

    // The day order must be answered; the time zone came preselected from the browser.
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Answer this question to import.')).toBeInTheDocument();
    expect(call.mock.calls.some(([name]) => name === 'importStart')).toBe(false);

    await user.click(screen.getByRole('radio', { name: 'Day first (31/12)' }));
    await user.click(screen.getByRole('radio', { name: 'One item per message' }));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(
        'importStart',
        {
          params: { id: 9 },
          body: {
            people: { Mamie: 5, Jo: 7 },
            date_order: 'day_first',
            time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
            one_item_per: 'message',
          },
        },
        { validationCheck: true },
      ),
    );
  });

  it('offers folder categories for photos, and no people when none were found', async () => {
    serve(
      testImport({
        status: 'ready',
        preview: { ...chatPreview, people: [], questions: [], counts: { media: 4 } },
      }),
    );
    await renderImport();
    await screen.findByText('Photos and videos', { selector: '.mantine-Badge-label' });
    expect(screen.queryByText('People found')).toBeNull();
    expect(screen.queryByRole('radio', { name: 'One item per message' })).toBeNull();
    const user = userEvent.setup();
    await user.click(
      screen.getByRole('checkbox', {
        name: 'Link each picture to a category named after its folder',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(
        'importStart',
        { params: { id: 9 }, body: { people: {}, folder_categories: true } },
        { validationCheck: true },
      ),
    );
  });
});

describe('ImportDetailPage: the report', () => {
  beforeEach(() => {
    call.mockReset();
  });

  const done = testImport({
    counts: { created: 14, existing: 2, near_duplicates: 1, skipped: 3 },
    created: { media: Array.from({ length: 14 }, (_, i) => 100 + i), categories: [4] },
    // Titled by the server: the first twelve of each type (one gone since: its number).
    created_titles: Object.fromEntries(
      Array.from({ length: 11 }, (_, i) => [String(100 + i), `Plage ${100 + i}.jpg`]),
    ),
    skipped: [
      { name: 'notes/readme.pdf', reason: 'unsupported' },
      { name: 'empty.jpg', reason: 'empty' },
    ],
    near_duplicates: [
      { item_id: 100, similar_item_id: 50, distance: 3, decision: null },
      // Reviewed before the page was opened: the server says how.
      { item_id: 101, similar_item_id: 51, distance: 5, decision: 'kept' },
    ],
    errors: ['One picture could not be read.'],
  });

  it('counts, lists the skipped entries with reasons, links what was created', async () => {
    grant(['content.edit', 'content.delete']);
    serve(done);
    await renderImport();
    await screen.findByRole('heading', { name: 'Report' });
    const figures = screen.getAllByRole('definition').map((dd) => dd.textContent);
    expect(figures).toEqual(['14', '2', '1', '3']);
    expect(screen.getByRole('alert')).toHaveTextContent('One picture could not be read.');
    expect(screen.getByText('notes/readme.pdf')).toBeInTheDocument();
    expect(screen.getByText('— not a kind of file the archive takes')).toBeInTheDocument();
    // Two reported of three skipped: the rest is counted.
    expect(screen.getAllByText('and 1 more')).toHaveLength(1);
    // Twelve links of fourteen pictures, then the count; the category's list.
    expect(screen.getByRole('link', { name: 'Plage 100.jpg' })).toHaveAttribute(
      'href',
      '/medias/100/profile',
    );
    expect(screen.getByRole('link', { name: 'Photos and videos no. 111' })).toHaveAttribute(
      'href',
      '/medias/111/profile',
    );
    expect(screen.queryByRole('link', { name: 'Photos and videos no. 112' })).toBeNull();
    expect(screen.getByText('and 2 more')).toBeInTheDocument();
    expect(screen.getByText('Categories (1)')).toBeInTheDocument();
  });

  it('shows a near-duplicate side by side and moves the new one to the trash', async () => {
    grant(['content.edit', 'content.delete']);
    serve(done);
    await renderImport();
    const pair = await screen.findByRole('listitem', {
      name: 'New picture no. 100 and picture no. 50',
    });
    expect(await within(pair).findByText('Photo 100')).toBeInTheDocument();
    expect(await within(pair).findByText('Photo 50')).toBeInTheDocument();
    expect(within(pair).getByRole('link', { name: 'Open picture no. 50' })).toHaveAttribute(
      'href',
      '/medias/50/profile',
    );
    const user = userEvent.setup();
    await user.click(within(pair).getByRole('button', { name: 'Move the new one to the trash' }));
    expect(await within(pair).findByText('The new one is in the trash.')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith('importNearDuplicate', {
      params: { id: 9, item_id: 100 },
      body: { decision: 'trashed' },
    });
    const reviewed = screen.getByRole('listitem', {
      name: 'New picture no. 101 and picture no. 51',
    });
    expect(within(reviewed).getByRole('status')).toHaveTextContent('Both kept.');
    expect(within(reviewed).queryByRole('button')).toBeNull();
  });

  it('undoes after the kit’s confirmation, and hides Undo without content.delete', async () => {
    grant(['content.edit', 'content.delete']);
    serve(done);
    const { unmount } = await renderImport();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Undo this import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Undo this import?' });
    expect(dialog).toHaveTextContent('The 14 entries this import created go to the trash');
    await user.click(within(dialog).getByRole('button', { name: 'Undo the import' }));
    await waitFor(() => expect(call).toHaveBeenCalledWith('importUndo', { params: { id: 9 } }));
    unmount();

    grant(['content.edit']);
    await renderImport();
    await screen.findByRole('heading', { name: 'Report' });
    expect(screen.queryByRole('button', { name: 'Undo this import' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Move the new one to the trash' })).toBeNull();
  });
});
