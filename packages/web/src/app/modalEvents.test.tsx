import { MantineProvider } from '@mantine/core';
import { modals } from '@mantine/modals';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import DeferredProviders from './DeferredProviders';
import './modalEvents';

describe('dialogs asked for before their provider loaded', () => {
  it('opens them once the provider is there', async () => {
    modals.openConfirmModal({ title: 'Early dialog', children: 'Asked before the provider' });
    render(
      <MantineProvider>
        <DeferredProviders />
      </MantineProvider>,
    );
    expect(await screen.findByText('Asked before the provider')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Early dialog' })).toBeInTheDocument();
  });
});
