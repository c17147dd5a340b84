import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/shared/i18n';
import { TranscriptView } from './TranscriptView';

const TEXT = 'Avant.\n[00:00:00] Un.\n[00:00:04] Deux.\n[00:01:05] Trois.';

function view(time: number, onSeek?: (time: number) => void) {
  return render(
    <MantineProvider>
      <TranscriptView text={TEXT} lang="fr" time={time} playing={false} onSeek={onSeek} />
    </MantineProvider>,
  );
}

describe('<TranscriptView>', () => {
  it('turns each time code into a button that seeks to it', async () => {
    await i18n.changeLanguage('en');
    const seek = vi.fn();
    view(0, seek);
    fireEvent.click(screen.getByRole('button', { name: '[00:01:05]: listen from 00:01:05' }));
    expect(seek).toHaveBeenCalledWith(65);
    expect(screen.getAllByRole('button')).toHaveLength(3);
  });

  it('highlights the passage between the last time code passed and the next', () => {
    const { container } = view(5);
    const current = container.querySelectorAll('[aria-current="true"]');
    expect(current).toHaveLength(1);
    expect(current[0]?.textContent).toBe('[00:00:04] Deux.\n');
  });

  it('keeps the whole text, codes as plain text without a player', () => {
    const { container } = view(0);
    expect(container.querySelector('.kf-transcript')?.textContent).toBe(TEXT);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});
