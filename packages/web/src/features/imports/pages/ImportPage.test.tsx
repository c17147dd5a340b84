import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/shared/test/renderRoutes';
import { mediaQueryList } from '@/shared/test/screenWidth';
import { testImport } from '../testImport';
import ImportPage from './ImportPage';

const uploadImport = vi.fn();
const takeSharedFile = vi.fn();
vi.mock('../upload', () => ({ uploadImport: (...args: unknown[]) => uploadImport(...args) }));
vi.mock('../shareTarget', () => ({ takeSharedFile: () => takeSharedFile() }));

const routes = { '/import': ImportPage, '/imports/$import_id': () => 'the import' };

describe('ImportPage: a file shared from the phone’s share sheet', () => {
  beforeEach(() => {
    uploadImport.mockReset();
    takeSharedFile.mockReset();
  });

  it('uploads the shared file as a drop would, then opens its import', async () => {
    const file = new File(['chat'], 'WhatsApp Chat with Famille.zip', { type: 'application/zip' });
    takeSharedFile.mockResolvedValue(file);
    uploadImport.mockResolvedValue(testImport({ id: 9, status: 'analysing' }));
    await renderRoutes(routes, '/import?shared=1');
    await waitFor(() =>
      expect(uploadImport).toHaveBeenCalledWith(
        file,
        { preview: true },
        expect.objectContaining({ signal: expect.any(AbortSignal) as unknown }),
      ),
    );
    expect(await screen.findByText('the import')).toBeInTheDocument();
    expect(takeSharedFile).toHaveBeenCalledTimes(1);
  });

  it('says so when the shared file is not there any more, and waits for a drop', async () => {
    takeSharedFile.mockResolvedValue(null);
    await renderRoutes(routes, '/import?shared=1');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The shared file is no longer here',
    );
    expect(uploadImport).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Choose a file' })).toBeInTheDocument();
  });

  it('takes nothing when opened without a share', async () => {
    await renderRoutes(routes, '/import');
    expect(await screen.findByRole('button', { name: 'Choose a file' })).toBeInTheDocument();
    expect(takeSharedFile).not.toHaveBeenCalled();
  });
});

describe('ImportPage on a touch screen', () => {
  it('offers the files of the device, not a drop', async () => {
    const media = vi
      .spyOn(window, 'matchMedia')
      .mockImplementation((query: string) => mediaQueryList(query, query === '(pointer: coarse)'));
    try {
      await renderRoutes(routes, '/import');
      expect(await screen.findByText('Import from this device')).toBeInTheDocument();
      expect(screen.queryByText('Drop a file here')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Choose a file' })).toBeInTheDocument();
    } finally {
      media.mockRestore();
    }
  });

  it('says "drop" where a mouse can drag a file', async () => {
    await renderRoutes(routes, '/import');
    expect(await screen.findByText('Drop a file here')).toBeInTheDocument();
    expect(screen.queryByText('Import from this device')).not.toBeInTheDocument();
  });
});
