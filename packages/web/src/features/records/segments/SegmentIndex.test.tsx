import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { RecordEntity, RecordSegment } from '@kinfolio/contract';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/shared/i18n';
import { grant } from '@/shared/test/permissionsStub';
import { timeline } from '../timeline';
import type { PartsPlayer } from '../usePartsPlayer';
import { SegmentIndex } from './SegmentIndex';

const call = vi.fn();
vi.mock('@/shared/api/call', () => ({ call: (...args: unknown[]) => call(...args) }));
vi.mock('@/shared/organisation/hooks', () => import('@/shared/test/permissionsStub'));
// jsdom has no media queries: a wide screen.
vi.mock('@mantine/hooks', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  useMediaQuery: () => false,
}));
vi.mock('@/shared/kit/ParticipantsInput', () => ({ ParticipantsInput: () => null }));

const record = {
  id: 7,
  lang: 'fr',
  rawtranscription: '',
  deleted_at: null,
  files: [{ id: 1 }],
} as unknown as RecordEntity;

const segment = (id: number, start: number, title = ''): RecordSegment => ({
  id,
  record_id: 7,
  start,
  end: null,
  time_code: `00:00:${String(start).padStart(2, '0')}`,
  title,
  synopsis: '',
  keywords: [],
  transcript: '',
  participants: [],
  origin: 'detected',
  edited: false,
  updated_at: '2026-11-29T00:00:00.000Z',
});
const segments = [segment(1, 0), segment(2, 5, 'La traversée en bateau'), segment(3, 10)];

function fakePlayer(time: number): PartsPlayer {
  return {
    parts: [{ id: 1, url: '/a.mp3', name: 'a.mp3' }],
    time,
    currentTime: () => time,
    playing: false,
    ready: true,
    line: timeline([13]),
    waveform: [],
    part: 0,
    toggle: vi.fn(),
    seek: vi.fn(),
    skip: vi.fn(),
    onFrame: vi.fn(),
    rate: 1,
    setRate: vi.fn(),
  };
}

async function renderIndex(player: PartsPlayer) {
  await i18n.changeLanguage('en');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <SegmentIndex record={record} player={player} segments={segments} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('SegmentIndex', () => {
  beforeEach(() => {
    // Mantine's autosized text areas listen to the fonts loading, which jsdom lacks.
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: vi.fn(), removeEventListener: vi.fn() },
    });
    call.mockReset();
    call.mockImplementation(async (name: string) => {
      if (name === 'recordSegmentsDetection')
        return { status: 'done', progress: 100, job_id: null };
      if (name === 'recordSegmentUpdate')
        return { message: 'ok', segment: segments[1], data: segments };
      throw new Error(`unexpected ${name}`);
    });
  });
  afterEach(cleanup);

  it('lists the segments, marks the one heard and plays from a segment', async () => {
    grant([]);
    const player = fakePlayer(6);
    await renderIndex(player);
    const heard = screen.getByRole('button', {
      name: 'Play from 00:00:05: La traversée en bateau',
    });
    expect(heard.closest('li')).toHaveAttribute('aria-current', 'true');
    await userEvent.click(
      screen.getByRole('button', { name: 'Play from 00:00:10: Segment at 00:00:10' }),
    );
    expect(player.seek).toHaveBeenCalledWith(10);
    expect(player.toggle).toHaveBeenCalled();
    // Readers get no editing.
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(screen.getByRole('link', { name: /OHMS XML/ })).toHaveAttribute(
      'href',
      '/api/records/7/segments.xml',
    );
  });

  it('steps with [ and ], and Enter edits the segment heard', async () => {
    grant(['records.edit']);
    const player = fakePlayer(6);
    await renderIndex(player);
    await userEvent.keyboard(']');
    expect(player.seek).toHaveBeenLastCalledWith(10);
    await userEvent.keyboard('[[');
    expect(player.seek).toHaveBeenLastCalledWith(0);
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Segment at 00:00:05' });
    const title = screen.getByLabelText('Title');
    await userEvent.clear(title);
    await userEvent.type(title, 'Le port');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith('recordSegmentUpdate', {
        params: { id: 2 },
        body: { title: 'Le port' },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
