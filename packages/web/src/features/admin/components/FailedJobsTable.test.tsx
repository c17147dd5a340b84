import { MantineProvider } from '@mantine/core';
import type { FailedJob } from '@kinfolio/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/shared/i18n';
import { FailedJobsTable } from './FailedJobsTable';

const job: FailedJob = {
  id: 3,
  job_id: '17',
  queue: 'media',
  name: 'records.mp3',
  payload: { recordId: 9 },
  error: 'Error: ffmpeg exited with code 1',
  stack: 'Error: ffmpeg exited with code 1\n    at run (/app/mp3.ts:88:19)',
  attempts: 2,
  failed_at: '2026-11-21T09:30:00.000Z',
};

async function renderTable() {
  await i18n.changeLanguage('en');
  const actions = { retry: vi.fn(), remove: vi.fn(), busy: false };
  render(
    <MantineProvider>
      <FailedJobsTable jobs={[job]} actions={actions} />
    </MantineProvider>,
  );
  return actions;
}

describe('FailedJobsTable', () => {
  it('shows the error, the payload and stack on demand, and offers retry and delete', async () => {
    const actions = await renderTable();
    const table = screen.getByRole('table');
    expect(within(table).getByText('Error: ffmpeg exited with code 1')).toBeInTheDocument();
    const toggle = within(table).getByRole('button', { name: 'Show payload and stack' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(table).getByText(/at run \(\/app\/mp3\.ts:88:19\)/)).toBeInTheDocument();
    expect(within(table).getByText(/"recordId": 9/)).toBeInTheDocument();

    await userEvent.click(within(table).getByRole('button', { name: 'Run records.mp3 again' }));
    expect(actions.retry).toHaveBeenCalledWith(job);
    await userEvent.click(
      within(table).getByRole('button', { name: 'Delete the failure of records.mp3' }),
    );
    expect(actions.remove).toHaveBeenCalledWith(job);
  });
});
