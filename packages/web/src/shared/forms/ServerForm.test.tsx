import { MantineProvider, TextInput } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/shared/api/ApiError';
import { i18n } from '@/shared/i18n';
import { ServerForm } from './ServerForm';
import { useServerForm } from './useServerForm';

interface Values extends Record<string, unknown> {
  name: string;
}

function NameForm({ send, layout }: { send: () => Promise<unknown>; layout?: 'page' | 'card' }) {
  const server = useServerForm<Values>({
    initialValues: { name: '' },
    validate: (values): Record<string, string> => (values.name ? {} : { name: 'Needed' }),
    send,
  });
  return (
    <ServerForm
      state={server}
      submitLabel="Save"
      layout={layout}
      submitDisabled={layout === 'card' && !server.form.isDirty()}
      footer={<p>Other ways</p>}
    >
      <TextInput label="Name" {...server.form.getInputProps('name')} />
    </ServerForm>
  );
}

async function renderForm(send: () => Promise<unknown>, layout?: 'page' | 'card') {
  await i18n.changeLanguage('en');
  render(
    <MantineProvider>
      <NameForm send={send} layout={layout} />
    </MantineProvider>,
  );
}

describe('ServerForm', () => {
  it('starts empty: no alert, the fields, the button and the footer', async () => {
    await renderForm(() => Promise.resolve());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(screen.getByText('Other ways')).toBeInTheDocument();
  });

  it('checks before sending and moves the focus to the field in error', async () => {
    let sent = 0;
    await renderForm(() => Promise.resolve(sent++));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Needed')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    expect(sent).toBe(0);
  });

  it('is busy while the request runs, then puts a 422 under its field', async () => {
    let reject: (error: unknown) => void = () => undefined;
    await renderForm(() => new Promise((_, no) => (reject = no)));
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('data-loading', 'true'),
    );
    reject(new ApiError(422, 'Invalid', { errors: { name: ['Already taken'] } }));
    expect(await screen.findByText('Already taken')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Save' })).not.toHaveAttribute('data-loading');
  });

  it('shows any other refusal in the form’s alert', async () => {
    await renderForm(() => Promise.reject(new ApiError(429, 'Too many attempts')));
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts');
  });

  it('in a settings card, keeps the button off until something changed', async () => {
    await renderForm(() => Promise.resolve(), 'card');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'A');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });
});
