import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/shared/i18n';
import { confirmDeleteFile, confirmHardDelete } from './confirmDelete';

function renderProvider() {
  render(
    <MantineProvider>
      <ModalsProvider />
    </MantineProvider>,
  );
}

describe('confirmHardDelete', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('names the entry in its own language, and deletes only once confirmed', async () => {
    renderProvider();
    const onConfirm = vi.fn();
    confirmHardDelete({
      sentence: (title) => `${title} is deleted for good.`,
      subject: { title: 'الرسالة', language: 'ar' },
      onConfirm,
    });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('الرسالة')).toHaveAttribute('lang', 'ar');
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});

describe('confirmDeleteFile', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('asks in the kind’s words, then hands over the file’s id', async () => {
    renderProvider();
    const onConfirm = vi.fn();
    confirmDeleteFile(
      (key, name) =>
        ({
          deleteTitle: 'Delete the part?',
          deleteMessage: `${name} goes.`,
          confirmDelete: 'Delete the part',
        })[key],
      { id: 12, name: 'face-a.mp3' },
      onConfirm,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete the part?' });
    expect(dialog).toHaveTextContent('face-a.mp3 goes.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete the part' }));
    expect(onConfirm).toHaveBeenCalledWith(12);
  });

  it('says the file is kept in the deleted medias and can be restored, not lost for good', async () => {
    renderProvider();
    confirmDeleteFile(
      (key, name) => (key === 'deleteMessage' ? `${name} goes.` : 'Delete the part'),
      { id: 12, name: 'face-a.mp3' },
      vi.fn(),
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(/deleted medias .*30 days.*restore it/);
    expect(dialog).not.toHaveTextContent(/permanently|for good|cannot be undone/);
  });
});
