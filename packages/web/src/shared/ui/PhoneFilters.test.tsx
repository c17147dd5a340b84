import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/shared/i18n';
import { PhoneFilters } from './PhoneFilters';

async function renderFilters(active: number, search?: string) {
  await i18n.changeLanguage('en');
  render(
    <MantineProvider>
      <PhoneFilters
        id="kf-test-filters"
        active={active}
        search={search ? <input aria-label={search} /> : undefined}
      >
        <input aria-label="Person" />
      </PhoneFilters>
    </MantineProvider>,
  );
}

describe('PhoneFilters', () => {
  it('keeps the filters unmounted behind a button that says how many are set', async () => {
    await renderFilters(2, 'Search');
    const button = screen.getByRole('button', { name: 'Filters (2)' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveAttribute('aria-controls', 'kf-test-filters');
    expect(screen.getByRole('textbox', { name: 'Search' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Person')).toBeNull();

    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    // Inside the region the button controls (still opening: the collapse animates).
    expect(document.getElementById('kf-test-filters')).toContainElement(
      screen.getByLabelText('Person'),
    );
  });

  it('names the button without a count when no filter is set, and stays mounted once shown', async () => {
    await renderFilters(0);
    const button = screen.getByRole('button', { name: 'Filters' });
    await userEvent.click(button);
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    // Mounted still, so that closing animates; hidden by the collapse.
    expect(document.getElementById('kf-test-filters')?.querySelector('input')).not.toBeNull();
  });
});
