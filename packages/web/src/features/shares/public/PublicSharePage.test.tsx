import type { PublicShare, PublicShareInfo } from '@kinfolio/contract';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCookies, stubFetch } from '@/shared/test/fetchStub';
import { i18n } from '@/shared/i18n';
import PublicSharePage from './PublicSharePage';
import { forget } from './resource';

const INFO: PublicShareInfo = {
  target_type: 'records',
  title: 'Grand-mère raconte',
  shared_by: 'Anna',
  expires_at: '2030-03-01T10:00:00.000Z',
  show_names: true,
  allow_download: false,
  include_translations: true,
  site: { name: 'Famille Rossi', picture_url: null },
};

const RECORD: PublicShare = {
  share: INFO,
  content: {
    kind: 'record',
    record: {
      id: 4,
      title: 'Grand-mère raconte',
      date: '1990-05-01T00:00:00.000Z',
      location: 'Torino',
      language: 'it',
      summary: '',
      owner: null,
      people: ['Nonna Lucia'],
      transcript: 'Inizio. [00:01:05] La guerra. [00:02:00] Il ritorno.',
      parts: [],
      mp3_url: '/api/public/tok/records/4/mp3',
      duration: 300,
    },
  },
};

const ITEM: PublicShare = {
  share: { ...INFO, target_type: 'posts', title: 'Une lettre' },
  content: {
    kind: 'item',
    item: {
      id: 7,
      type: 'post',
      language: 'fr',
      original_language: 'fr',
      title: 'Une lettre',
      content: '<p>Bonjour <script>window.hacked = true</script><strong>à tous</strong></p>',
      date: '1950-01-02T00:00:00.000Z',
      files: [],
      from: ['Marie'],
      to: [],
      tags: ['Guerre'],
      translations: [
        {
          id: 8,
          language: 'en',
          title: 'A letter',
          content: '<p>Hello everyone</p>',
          date: '1950-01-02T00:00:00.000Z',
          files: [],
        },
      ],
    },
  },
};

/** The page at an address, as share.html's entry draws it (no router: the page reads the address). */
async function renderAt(address: string) {
  window.history.replaceState(null, '', address);
  await i18n.loadNamespaces('shares');
  await act(async () => {
    render(<PublicSharePage />);
    await Promise.resolve();
  });
}

describe('PublicSharePage', () => {
  let server: ReturnType<typeof stubFetch>;
  beforeEach(() => {
    clearCookies();
    // Each test starts from a page that has asked nothing yet.
    forget('');
    server = stubFetch();
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
      this: HTMLMediaElement,
    ) {
      this.dispatchEvent(new Event('play'));
      return Promise.resolve();
    });
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    document.head
      .querySelectorAll('meta[name="robots"], meta[name="referrer"]')
      .forEach((m) => m.remove());
  });

  it('asks for the password on a 401, unlocks, then shows the record and seeks by its time codes', async () => {
    server.reply(
      { status: 401, body: { message: 'Password required', password_required: true } },
      { status: 204 },
      { body: RECORD },
    );
    await renderAt('/s/tok');
    expect(
      await screen.findByRole('heading', { name: 'This link is protected' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Grand-mère raconte')).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));

    expect(await screen.findByRole('heading', { name: 'Grand-mère raconte' })).toBeInTheDocument();
    const unlock = server.apiCalls().find((call) => call.method === 'POST');
    expect(unlock?.url).toBe('/api/public/tok/unlock');
    expect(unlock?.body).toBe(JSON.stringify({ password: 'secret' }));
    expect(unlock?.headers['X-XSRF-TOKEN']).toBe('token-1');
    expect(screen.getByText(/^Shared by Anna until March 1, 2030/)).toBeInTheDocument();

    const audio = screen.getByTestId('shared-audio') as HTMLAudioElement;
    expect(audio.getAttribute('src')).toBe('/api/public/tok/records/4/mp3');
    await userEvent.click(screen.getByRole('button', { name: 'Play from 00:01:05' }));
    fireEvent(audio, new Event('loadedmetadata'));
    expect(audio.currentTime).toBe(65);
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalled();
    await waitFor(() =>
      expect(screen.getByTestId('player-time')).toHaveTextContent('00:01:05 / 00:05:00'),
    );
  });

  it('says a wrong password is wrong and stays locked', async () => {
    server.reply(
      { status: 401, body: { message: 'Password required', password_required: true } },
      { status: 401, body: { message: 'Wrong password' } },
    );
    await renderAt('/s/tok');
    await userEvent.type(await screen.findByLabelText('Password'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByText('This password is not right.')).toBeInTheDocument();
  });

  it.each([
    [404, 'Link not found'],
    [410, 'Link expired'],
    [429, 'Too many tries'],
    [500, 'Something went wrong'],
  ])('explains a %i', async (status, heading) => {
    server.reply({ status, body: { message: 'x' } });
    await renderAt('/s/tok');
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });

  it('shows an item with its translations as tabs, its text without script, and keeps search engines out', async () => {
    server.reply({ body: ITEM });
    await renderAt('/s/tok');
    expect(await screen.findByRole('heading', { name: 'Une lettre' })).toBeInTheDocument();
    expect(screen.getByText('Famille Rossi')).toBeInTheDocument();
    expect(screen.getByText('à tous')).toBeInTheDocument();
    expect(document.querySelector('.kf-public-text script')).toBeNull();
    expect(screen.getByText('Marie')).toBeInTheDocument();
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toContain(
      'noindex',
    );
    expect(document.head.querySelector('meta[name="referrer"]')?.getAttribute('content')).toBe(
      'no-referrer',
    );

    await userEvent.click(screen.getByRole('tab', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: 'A letter' })).toBeInTheDocument();
    expect(screen.getByText('Hello everyone')).toBeInTheDocument();
  });

  it('lists a category share, searches inside it and opens an entry', async () => {
    const list: PublicShare = {
      share: { ...INFO, target_type: 'categories', title: 'Vacances' },
      content: {
        kind: 'list',
        data: [
          {
            type: 'media',
            id: 7,
            title: 'Plage 1962',
            date: null,
            language: 'fr',
            preview: 'Sur la plage',
            thumbnail_url: null,
            files_count: 3,
          },
        ],
        meta: { page: 1, per_page: 20, total: 1 },
      },
    };
    const item = ITEM.content.kind === 'item' ? ITEM.content.item : null;
    // The entry's page reads the link's header from the list's first page, already cached.
    server.reply({ body: list }, { body: list }, { body: { kind: 'item', item } });
    await renderAt('/s/tok');
    expect(await screen.findByRole('heading', { name: 'Vacances' })).toBeInTheDocument();
    expect(screen.getByText('1 entry')).toBeInTheDocument();

    await userEvent.type(
      screen.getByRole('searchbox', { name: 'Search in what was shared' }),
      'plage',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(window.location.search).toBe('?q=plage'));
    expect(server.apiCalls().some((call) => call.url === '/api/public/tok?q=plage')).toBe(true);

    await userEvent.click(await screen.findByRole('link', { name: 'Plage 1962' }));
    expect(await screen.findByRole('heading', { name: 'Une lettre' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/s/tok/items/7');
    expect(screen.getByRole('link', { name: '← Back to “Vacances”' })).toBeInTheDocument();
  });
});
