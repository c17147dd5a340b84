import { MantineProvider } from '@mantine/core';
import type { Backup } from '@kinfolio/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/shared/i18n';
import { BackupsTable, type BackupActions } from './BackupsTable';

const base: Backup = {
  id: 4,
  file_name: 'kinfolio-backup-2026-11-26T22-00-00-000Z.tar',
  status: 'done',
  progress: 100,
  size: 2048,
  sha256: 'ab',
  counts: { tables: { items: 12, records: 3, users: 2 }, files: 40, bytes: 1024 },
  origin: 'manual',
  created_by: 'Éloïse Martin',
  created_at: '2026-11-26T22:00:00.000Z',
  finished_at: '2026-11-26T22:01:00.000Z',
  error: null,
};
const running: Backup = {
  ...base,
  id: 5,
  file_name: 'kinfolio-backup-running.tar',
  status: 'running',
  progress: 42,
  size: null,
  sha256: null,
  counts: null,
  origin: 'scheduled',
  created_by: null,
  finished_at: null,
};

async function renderTable(results = {}) {
  await i18n.changeLanguage('en');
  const actions: BackupActions = { verify: vi.fn(), remove: vi.fn(), verifying: null, busy: false };
  render(
    <MantineProvider>
      <BackupsTable backups={[running, base]} actions={actions} results={results} />
    </MantineProvider>,
  );
  return actions;
}

describe('BackupsTable', () => {
  it('links a written backup, counts its contents and offers verify and delete', async () => {
    const actions = await renderTable();
    const table = screen.getByRole('table');
    const row = within(table).getByRole('row', { name: new RegExp(base.file_name) });
    expect(within(row).getByRole('link', { name: base.file_name })).toHaveAttribute(
      'href',
      '/api/backups/4/download',
    );
    for (const line of ['Items: 12', 'Records: 3', 'Accounts: 2', /^Files: 40 \(/]) {
      expect(within(row).getByText(line)).toBeInTheDocument();
    }
    expect(within(row).getByText('Éloïse Martin')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: `Verify ${base.file_name}` }));
    expect(actions.verify).toHaveBeenCalledWith(base);
    await userEvent.click(within(row).getByRole('button', { name: `Delete ${base.file_name}` }));
    expect(actions.remove).toHaveBeenCalledWith(base);
  });

  it('shows a running backup’s progress, with neither download nor delete', async () => {
    await renderTable();
    const row = within(screen.getByRole('table')).getByRole('row', {
      name: /kinfolio-backup-running/,
    });
    expect(within(row).getByText('Writing… 42 %')).toBeInTheDocument();
    expect(within(row).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '42');
    expect(within(row).getByText('The schedule')).toBeInTheDocument();
    expect(within(row).queryByRole('link')).toBeNull();
    expect(within(row).queryAllByRole('button')).toHaveLength(0);
  });

  it('shows what verifying found', async () => {
    await renderTable({ 4: { ok: false, message: 'This backup is damaged.' } });
    const row = within(screen.getByRole('table')).getByRole('row', {
      name: new RegExp(base.file_name),
    });
    expect(within(row).getByRole('status')).toHaveTextContent('This backup is damaged.');
  });
});
