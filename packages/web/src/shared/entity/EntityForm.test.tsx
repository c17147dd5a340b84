import { TextInput } from '@mantine/core';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '@/shared/api/ApiError';
import { NOTE_RESOURCE, note, renderScreen, type Note } from '@/shared/test/entityKind';
import { EntityForm, useEntityForm } from './EntityForm';

configure({ asyncUtilTimeout: 5000 });

const call = vi.fn();
vi.mock('@/shared/api/call', () => ({ call: (...args: unknown[]) => call(...args) }));

const schema = z.object({ title: z.string().max(20).optional(), text: z.string().optional() });
const onSaved = vi.fn();

/** A kind's form: its inputs inside the shared shell, with a way to start an upload. */
function NoteForm({ entry }: { entry: Note | null }) {
  const initial = { title: entry?.title ?? '', text: entry?.text ?? '' };
  const state = useEntityForm({
    entity: entry,
    initialValues: initial,
    fields: ['title', 'text'],
    create: { body: (values) => ({ ...values, mood: 'calm' }), schema },
    update: {
      body: (values) => (values.title !== initial.title ? { title: values.title } : {}),
      schema,
    },
    check: (values): Record<string, string> =>
      values.title.trim() ? {} : { title: 'Say what it is about.' },
    useSave: NOTE_RESOURCE.useSave,
    onSaved,
  });
  return (
    <EntityForm state={state} onCancel={() => undefined}>
      <TextInput label="Title" {...state.form.getInputProps('title')} />
      <button type="button" onClick={() => state.setUploads({ serverIds: ['u1'], busy: true })}>
        Start an upload
      </button>
    </EntityForm>
  );
}

describe('EntityForm', () => {
  beforeEach(() => {
    call.mockReset();
    onSaved.mockReset();
  });

  it('creates an entry from its values, after the kind’s own rules and the schema', async () => {
    call.mockResolvedValue({ message: 'Created.', item: note({ id: 9 }) });
    await renderScreen(() => <NoteForm entry={null} />, '/notes/new');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Say what it is about.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Title'), 'A title far too long to be kept');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid'));
    expect(call).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'Le cellier');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(note({ id: 9 })));
    expect(call).toHaveBeenCalledWith(
      'post.create',
      { body: { title: 'Le cellier', text: '', mood: 'calm' } },
      { validationCheck: true },
    );
  });

  it('sends only what changed, and places the server’s refusal under its field', async () => {
    call.mockRejectedValue(
      new ApiError(422, 'Invalid.', { message: 'Invalid.', errors: { title: ['Taken.'] } }),
    );
    await renderScreen(() => <NoteForm entry={note()} />, '/notes/7');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Title'), ' du haut');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Taken.')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith(
      'post.update',
      { params: { id: 7 }, body: { title: 'Le grenier du haut' } },
      { validationCheck: true },
    );
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('waits for the uploads: no save while one runs', async () => {
    await renderScreen(() => <NoteForm entry={note()} />, '/notes/7');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Start an upload' }));
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(call).not.toHaveBeenCalled();
  });
});
