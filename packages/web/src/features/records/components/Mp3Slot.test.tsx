import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { RecordEntity, RecordMp3Status } from '@kinfolio/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

function serveReady() {
  call.mockImplementation(async (name: string) => {
    if (name === 'recordMp3Status') return status({ status: 'ready', progress: 100 });
    if (name === 'recordMp3File') return { url: '/api/records-mp3/7?v=abc' };
    throw new Error(`unexpected ${name}`);
  });
}

describe('Mp3Slot', () => {
  beforeEach(() => {
    call.mockReset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'canShare');
    Reflect.deleteProperty(navigator, 'share');
  });

  it('downloads the ready MP3 under the record’s title; no share where the browser cannot', async () => {
    serveReady();
    await renderSlot({ ...record, title: 'Papi: la guerre / 1944' } as RecordEntity);
    const download = await screen.findByRole('link', {
      name: 'Download Papi la guerre 1944.mp3',
    });
    expect(download).toHaveAttribute('href', '/api/records-mp3/7?v=abc');
    expect(download).toHaveAttribute('download', 'Papi la guerre 1944.mp3');
    expect(download).toHaveTextContent('Download');
    expect(screen.queryByRole('button', { name: /^Share / })).toBeNull();
  });

  it('shares the MP3 as a file through the share sheet where the browser can', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { canShare: () => true, share });
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue({ ok: true, status: 200, blob: async () => new Blob(['ID3']) }),
    );
    serveReady();
    await renderSlot();
    await userEvent.click(await screen.findByRole('button', { name: /^Share / }));
    await vi.waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    const shared = share.mock.calls[0]![0] as { files: File[] };
    expect(shared.files[0]!.name).toBe('Cassette 3.mp3');
    expect(shared.files[0]!.type).toBe('audio/mpeg');
    expect(fetch).toHaveBeenCalledWith('/api/records-mp3/7?v=abc', expect.anything());
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
