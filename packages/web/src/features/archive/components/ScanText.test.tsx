import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

describe('ScanText: copy into a translation', () => {
  let server: ReturnType<typeof stubFetch>;
  beforeEach(() => {
    clearCookies();
    server = stubFetch();
    grant(['content.edit']);
  });
  afterEach(() => vi.unstubAllGlobals());

  const version = (id: number, language: string, deleted_at: string | null = null) => ({
    id,
    language,
    title: `Version ${language}`,
    parent_id: id === 1 ? null : 1,
    deleted_at,
  });
  // A French original with a German translation and an English one in the trash.
  const item = testItem({
    id: 1,
    content: '<p>Original</p>',
    translations: [version(1, 'fr'), version(2, 'de'), version(3, 'en', '2026-01-01')],
  });
  const show = async () => {
    server.reply({ body: text({ text: 'Chère Anna\n\nBordeaux' }) });
    await renderPage(() => <ScanText item={item} file={FILE} />);
    await screen.findByText(/Chère Anna/);
    await userEvent.click(screen.getByRole('button', { name: 'Copy into a translation' }));
  };
  const sent = (method: string) => {
    const call = server.apiCalls().find((c) => c.method === method);
    expect(call, `no ${method}`).toBeDefined();
    return { url: call!.url, body: JSON.parse(String(call!.body)) as Record<string, unknown> };
  };

  it('offers the live translations, and new ones in the languages the item has no version in', async () => {
    await show();
    const items = (await screen.findAllByRole('menuitem', { hidden: true })).map(
      (el) => el.textContent,
    );
    expect(items).toEqual([
      'Add to the version: German',
      'New translation: Italian',
      'New translation: Arabic',
    ]);
  });

  it('adds the text after what the translation says now', async () => {
    await show();
    server.reply(
      { body: testItem({ id: 2, language: 'de', parent_id: 1, content: '<p>Vorher</p>' }) },
      { body: { message: 'Saved', item: testItem({ id: 2, language: 'de', parent_id: 1 }) } },
    );
    await userEvent.click(
      await screen.findByRole('menuitem', { name: 'Add to the version: German', hidden: true }),
    );
    await vi.waitFor(() => expect(server.apiCalls().some((c) => c.method === 'PATCH')).toBe(true));
    const patch = sent('PATCH');
    expect(patch.url).toMatch(/\/2$/);
    expect(patch.body).toEqual({ content: '<p>Vorher</p><p>Chère Anna</p><p>Bordeaux</p>' });
    expect(server.apiCalls().some((c) => c.method === 'GET' && /\/2$/.test(c.url))).toBe(true);
  });

  it('creates a translation of the original in the chosen language with the text', async () => {
    await show();
    server.reply({
      status: 201,
      body: { message: 'Created', item: testItem({ id: 4, language: 'it', parent_id: 1 }) },
    });
    await userEvent.click(
      await screen.findByRole('menuitem', { name: 'New translation: Italian', hidden: true }),
    );
    await vi.waitFor(() => expect(server.apiCalls().some((c) => c.method === 'POST')).toBe(true));
    expect(sent('POST').body).toMatchObject({
      parent_id: 1,
      language: 'it',
      title: item.title,
      content: '<p>Chère Anna</p><p>Bordeaux</p>',
    });
  });
});
