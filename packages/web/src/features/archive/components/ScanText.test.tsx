import { screen } from '@testing-library/react';
import type { FileText } from '@kinfolio/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCookies, stubFetch } from '@/shared/test/fetchStub';
import { grant } from '@/shared/test/permissionsStub';
import { renderPage } from '@/shared/test/renderRoutes';
import { testItem } from '../testItem';
import { ScanText } from './ScanText';

vi.mock('@/shared/organisation/hooks', () => import('@/shared/test/permissionsStub'));

const FILE = {
  id: 7,
  name: 'lettre.png',
  mime: 'image/png',
  size: 1000,
  url: '/files/7',
  created_at: '2026-01-01T00:00:00.000Z',
  position: 0,
};

const text = (changes: Partial<FileText>): FileText => ({
  file_id: 7,
  status: 'done',
  text: '',
  language: null,
  confidence: null,
  pages: [],
  skipped: false,
  reason: null,
  edited: false,
  edited_at: null,
  read_at: null,
  revisions_count: 0,
  ...changes,
});

describe('ScanText', () => {
  let server: ReturnType<typeof stubFetch>;
  beforeEach(() => {
    clearCookies();
    server = stubFetch();
    grant(['content.edit']);
  });
  afterEach(() => vi.unstubAllGlobals());

  const show = () => renderPage(() => <ScanText item={testItem()} file={FILE} />);

  it('shows the text read, its confidence and the actions', async () => {
    server.reply({ body: text({ text: 'Chère Anna', confidence: 91 }) });
    await show();
    expect(await screen.findByText('Chère Anna')).toBeInTheDocument();
    expect(screen.getByText('Confidence: 91 %')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy into the content' })).toBeInTheDocument();
  });

  it('shows nothing under a photo while reading is turned off and nothing was read', async () => {
    server.reply({ body: text({ status: 'off' }) });
    await show();
    await vi.waitFor(() => expect(server.calls.some((c) => c.url.includes('/text'))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Text recognition is turned off.')).not.toBeInTheDocument();
    expect(screen.queryByText(/Text read from/)).not.toBeInTheDocument();
  });

  it('keeps a text read (or typed) before reading was turned off', async () => {
    server.reply({ body: text({ status: 'off', text: 'Lieber Hans', edited: true }) });
    await show();
    expect(await screen.findByText('Lieber Hans')).toBeInTheDocument();
  });
});
