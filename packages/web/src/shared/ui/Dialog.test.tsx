import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInMantine } from '@/shared/test/renderInMantine';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/shared/i18n';
import { Dialog } from './Dialog';

describe('Dialog', () => {
  it('open: titled, its close button named in the interface language, closing on it', async () => {
    await i18n.changeLanguage('fr');
    const close = vi.fn();
    renderInMantine(
      <Dialog opened onClose={close} title="Raccourcis">
        <p>Contenu</p>
      </Dialog>,
    );
    expect(await screen.findByRole('dialog', { name: 'Raccourcis' })).toHaveTextContent('Contenu');
    await userEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(close).toHaveBeenCalledTimes(1);
    await i18n.changeLanguage('en');
  });
});
