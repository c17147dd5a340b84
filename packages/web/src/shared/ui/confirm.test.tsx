import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/shared/i18n';
import { confirm, confirmKeyed, confirmsOf } from './confirm';

function renderProvider() {
  render(
    <MantineProvider>
      <ModalsProvider />
    </MantineProvider>,
  );
}

describe('confirm', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('asks with the action as the red button, and runs it only when confirmed', async () => {
    renderProvider();
    const onConfirm = vi.fn();
    confirm({ title: 'Delete the file', message: 'a.pdf goes', confirmLabel: 'Delete', onConfirm });
    const dialog = await screen.findByRole('dialog', { name: 'Delete the file' });
    expect(dialog).toHaveTextContent('a.pdf goes');
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button.getAttribute('style') ?? '').toContain('--button-bg: var(--mantine-color-red');
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.click(button);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('runs nothing when cancelled, with the common cancel wording by default', async () => {
    renderProvider();
    const onConfirm = vi.fn();
    confirm({ title: 'Empty the trash', message: '3 go', confirmLabel: 'Empty', onConfirm });
    await screen.findByRole('dialog', { name: 'Empty the trash' });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('takes its own cancel wording and a plain button for actions that lose nothing', async () => {
    await i18n.changeLanguage('fr');
    renderProvider();
    confirm({
      title: 'Separate',
      message: 'It becomes its own item',
      confirmLabel: 'Separate it',
      cancelLabel: 'Keep',
      destructive: false,
      onConfirm: () => undefined,
    });
    await screen.findByRole('dialog', { name: 'Separate' });
    const button = screen.getByRole('button', { name: 'Separate it' });
    expect(button.getAttribute('style') ?? '').not.toContain('red');
    expect(screen.getByRole('button', { name: 'Keep' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fermer' })).toBeInTheDocument();
  });

  it('keyed: reads its title, message and button from one family of keys', async () => {
    renderProvider();
    const onConfirm = vi.fn();
    const t = (key: string, values?: Record<string, unknown>) =>
      `${key}${values?.name ? ` ${String(values.name)}` : ''}`;
    confirmKeyed({
      t,
      action: 'files.delete',
      values: { name: 'a.pdf' },
      cancel: 'files.cancel',
      onConfirm,
    });
    const dialog = await screen.findByRole('dialog', { name: 'files.deleteTitle' });
    expect(dialog).toHaveTextContent('files.deleteMessage a.pdf');
    expect(screen.getByRole('button', { name: 'files.cancel' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'files.deleteConfirm' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('a screen’s confirmations: its key, its own cancel wording, a message of the case', async () => {
    renderProvider();
    const t = (key: string) => key;
    const ask = confirmsOf(t, 'trash');
    ask('restore', {}, () => undefined, { message: 'Back to its owner', destructive: false });
    const dialog = await screen.findByRole('dialog', { name: 'trash.restoreTitle' });
    expect(dialog).toHaveTextContent('Back to its owner');
    expect(screen.getByRole('button', { name: 'trash.cancel' })).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'trash.restoreConfirm' });
    expect(button.getAttribute('style') ?? '').not.toContain('red');
  });
});
