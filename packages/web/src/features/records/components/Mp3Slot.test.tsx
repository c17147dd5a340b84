import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { RecordEntity, RecordMp3Status } from '@kinfolio/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/shared/i18n';
import { Mp3Slot } from './Mp3Slot';

const call = vi.fn();
vi.mock('@/shared/api/call', () => ({ call: (...args: unknown[]) => call(...args) }));

const record = {
  id: 7,
  title: 'Cassette 3',
  deleted_at: null,
  files: [{ id: 1 }, { id: 2 }],
} as unknown as RecordEntity;

const status = (over: Partial<RecordMp3Status>): RecordMp3Status => ({
  status: 'none',
  progress: 0,
  job_id: null,
  url: null,
  ...over,
});

async function renderSlot(entity: RecordEntity = record) {
  await i18n.changeLanguage('en');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <Mp3Slot record={entity} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('Mp3Slot', () => {
  beforeEach(() => {
    call.mockReset();
  });

  it('generates the MP3 with live progress, then opens it in a new tab', async () => {
    const answers: RecordMp3Status[] = [
      status({ status: 'none' }),
      status({ status: 'running', progress: 40, job_id: '5' }),
      status({ status: 'ready', progress: 100, url: '/api/records-mp3/7?v=abc' }),
    ];
    call.mockImplementation(async (name: string) => {
      if (name === 'recordMp3Status') return answers.length > 1 ? answers.shift() : answers[0];
      if (name === 'recordMp3Generate') {
        return { message: 'The MP3 is being generated.', ...status({ status: 'queued' }) };
      }
      if (name === 'recordMp3File') return { url: '/api/records-mp3/7?v=abc' };
      throw new Error(`unexpected ${name}`);
    });
    await renderSlot();
    await userEvent.click(await screen.findByRole('button', { name: 'Generate the MP3' }));
    expect(call).toHaveBeenCalledWith('recordMp3Generate', { params: { id: 7 } });
    expect(await screen.findByText('Generating the MP3… 40 %')).toBeInTheDocument();
    const open = await screen.findByRole('link', { name: 'Open the MP3' }, { timeout: 5000 });
    expect(open).toHaveAttribute('href', '/api/records-mp3/7?v=abc');
    expect(open).toHaveAttribute('target', '_blank');
  });

  it('says when the MP3 is out of date, and shows nothing for a record without audio', async () => {
    call.mockResolvedValue(status({ status: 'stale' }));
    const { unmount } = await renderSlot();
    expect(
      await screen.findByRole('button', { name: 'Generate the MP3 again' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/changed since the last MP3/)).toBeInTheDocument();
    unmount();

    call.mockReset();
    await renderSlot({ ...record, files: [] });
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect(call).not.toHaveBeenCalled();
  });
});
