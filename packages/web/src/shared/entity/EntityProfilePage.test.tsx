import { grant } from '@/shared/test/permissionsStub';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { note, NOTE_DEFINITION, renderScreen, type Note } from '@/shared/test/entityKind';
import { EntityNewPage, EntityProfilePage, type ProfileBodyProps } from './EntityProfilePage';

configure({ asyncUtilTimeout: 5000 });

const call = vi.fn();
vi.mock('@/shared/api/call', () => ({ call: (...args: unknown[]) => call(...args) }));

vi.mock('@/shared/organisation/hooks', () => import('@/shared/test/permissionsStub'));

/** The kind's own part: says whether it is editing, and lets the form finish. */
function NoteBody({ entity, editing, onDone }: ProfileBodyProps<Note>) {
  return editing ? (
    <button type="button" onClick={onDone}>
      Done with {entity.title}
    </button>
  ) : (
    <p>Reading {entity.text}</p>
  );
}

function Actions({ entity }: { entity: Note }) {
  return <span>Own action of {entity.id}</span>;
}

const Profile = () => (
  <EntityProfilePage definition={NOTE_DEFINITION} id={7} Body={NoteBody} Actions={Actions} />
);

function serve(entry: Note) {
  call.mockImplementation(async (name: string) => {
    if (name === 'post.single') return entry;
    if (name === 'post.delete') return { message: 'Moved to the trash.' };
    throw new Error(`unexpected ${name}`);
  });
}

describe('EntityProfilePage', () => {
  beforeEach(() => {
    call.mockReset();
    grant(['content.edit']);
  });

  it('shows the entry with its own actions, its history, and edits on demand', async () => {
    serve(note({ revisions_count: 2 }));
    await renderScreen(Profile, '/notes/7');
    expect(await screen.findByRole('heading', { name: 'Le grenier' })).toBeInTheDocument();
    expect(screen.getByText('Reading Nous avons rangé le grenier.')).toBeInTheDocument();
    expect(screen.getByText('Own action of 7')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'History (2)' })).toHaveAttribute(
      'href',
      '/notes/7/history',
    );
    expect(screen.getByRole('link', { name: /Posts/ })).toHaveAttribute('href', '/notes');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    // While editing, the header's actions step aside.
    expect(screen.queryByText('Own action of 7')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Done with Le grenier' }));
    expect(screen.getByText('Reading Nous avons rangé le grenier.')).toBeInTheDocument();
  });

  it('offers the history before the first edit too (it starts with the creation)', async () => {
    serve(note({ revisions_count: 0 }));
    await renderScreen(Profile, '/notes/7');
    expect(await screen.findByRole('link', { name: 'History' })).toHaveAttribute(
      'href',
      '/notes/7/history',
    );
  });

  it('opens in the form with ?edit=1 (the list’s e key), for those who may edit', async () => {
    serve(note());
    await renderScreen(Profile, '/notes/7?edit=1');
    expect(await screen.findByRole('button', { name: 'Done with Le grenier' })).toBeInTheDocument();
  });

  it('reads with ?edit=1 when the user may not edit, or the entry is in the trash', async () => {
    grant([]);
    serve(note());
    await renderScreen(Profile, '/notes/7?edit=1');
    expect(await screen.findByText('Reading Nous avons rangé le grenier.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('says an entry is in the trash and offers neither edit nor trash', async () => {
    serve(note({ deleted_at: '2026-02-01T00:00:00Z' }));
    await renderScreen(Profile, '/notes/7?edit=1');
    expect(await screen.findByText('This item is in the trash.')).toBeInTheDocument();
    expect(screen.getByText('Reading Nous avons rangé le grenier.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Move to trash' })).toBeNull();
  });

  it('offers the trash only with content.delete, which the server asks for', async () => {
    serve(note());
    await renderScreen(Profile, '/notes/7');
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Move to trash' })).toBeNull();
  });

  it('moves the entry to the trash once confirmed, then goes back to the list', async () => {
    grant(['content.edit', 'content.delete']);
    serve(note());
    const { router } = await renderScreen(Profile, '/notes/7');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Move to trash' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/will go to the trash/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Move to trash' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/notes'));
    expect(call).toHaveBeenCalledWith('post.delete', { params: { id: 7 } });
  });
});

describe('EntityNewPage', () => {
  const New = () => (
    <EntityNewPage definition={NOTE_DEFINITION} title="New note">
      <p>The form</p>
    </EntityNewPage>
  );

  it('shows the form under its title to those who may create', async () => {
    grant(['content.edit']);
    await renderScreen(New, '/notes/new');
    expect(await screen.findByRole('heading', { name: 'New note' })).toBeInTheDocument();
    expect(screen.getByText('The form')).toBeInTheDocument();
  });

  it('says why not to the others', async () => {
    grant([]);
    await renderScreen(New, '/notes/new');
    expect(await screen.findByText('You are not allowed to edit the archive.')).toBeInTheDocument();
    expect(screen.queryByText('The form')).toBeNull();
  });
});
