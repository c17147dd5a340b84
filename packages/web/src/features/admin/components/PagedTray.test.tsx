import { screen } from '@testing-library/react';
import { renderInMantine } from '@/shared/test/renderInMantine';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/shared/i18n';
import { RestoreIcon, TrashIcon } from '@/shared/ui';
import { PagedTray } from './PagedTray';

interface Job {
  id: number;
  name: string;
}

function renderTray(jobs: Job[], { total = jobs.length, lastPage = 1, busy = false } = {}) {
  const tray = { page: 1, goTo: vi.fn(), emptied: vi.fn() };
  const retryAll = vi.fn();
  renderInMantine(
    <PagedTray
      name="failedJobs"
      list={{ isPending: false, data: { data: jobs, meta: { total, last_page: lastPage } } }}
      tray={tray}
      busy={busy}
      actions={[
        { words: 'retryAll', icon: RestoreIcon, pending: false, run: retryAll },
        { words: 'deleteAll', icon: TrashIcon, danger: true, pending: false, run: vi.fn() },
      ]}
    >
      {(rows) => (
        <ul>
          {rows.map((job) => (
            <li key={job.id}>{job.name}</li>
          ))}
        </ul>
      )}
    </PagedTray>,
  );
  return { tray, retryAll };
}

describe('PagedTray', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('empty: says so, counts none, and its buttons are off', () => {
    renderTray([]);
    expect(screen.getByText('No background job has failed.')).toBeInTheDocument();
    expect(screen.getByText('0 failed jobs')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry all' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete all' })).toBeDisabled();
  });

  it('filled: its rows, its count, the actions on all of it, and its pages', async () => {
    const { tray, retryAll } = renderTray(
      [
        { id: 1, name: 'mp3' },
        { id: 2, name: 'cleanup' },
      ],
      { total: 45, lastPage: 3 },
    );
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'mp3',
      'cleanup',
    ]);
    expect(screen.getByText('45 failed jobs')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry all' }));
    expect(retryAll).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(tray.goTo).toHaveBeenCalledWith(2);
  });

  it('busy: while one action runs, none other can start', () => {
    renderTray([{ id: 1, name: 'mp3' }], { busy: true });
    expect(screen.getByRole('button', { name: 'Retry all' })).toBeDisabled();
  });
});
