import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LanguagePicker } from './HeaderControls';

describe("the header's language menu", () => {
  it('says on its button that it opens a menu, and whether it is open', async () => {
    render(
      <MantineProvider>
        <LanguagePicker />
      </MantineProvider>,
    );
    const button = screen.getByRole('button', { expanded: false });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    fireEvent.click(button);
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'true');
  });

  it('is open at once when the stand-in was clicked before it loaded', async () => {
    render(
      <MantineProvider>
        <LanguagePicker defaultOpened />
      </MantineProvider>,
    );
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    expect(screen.getByRole('button', { expanded: true })).toHaveAttribute('aria-haspopup', 'menu');
  });
});
