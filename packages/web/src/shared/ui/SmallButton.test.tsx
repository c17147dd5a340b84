import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInMantine } from '@/shared/test/renderInMantine';
import { describe, expect, it, vi } from 'vitest';
import { RestoreIcon, TrashIcon } from './icons';
import { SmallButton } from './SmallButton';

describe('SmallButton', () => {
  it('named by its words, its icon hidden, red only for an action that loses something', async () => {
    const restore = vi.fn();
    renderInMantine(
      <>
        <SmallButton icon={RestoreIcon} onClick={restore}>
          Restore
        </SmallButton>
        <SmallButton icon={TrashIcon} danger onClick={() => undefined}>
          Delete for good
        </SmallButton>
      </>,
    );
    const button = screen.getByRole('button', { name: 'Restore' });
    expect(button.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(button.getAttribute('style') ?? '').not.toContain('red');
    const danger = screen.getByRole('button', { name: 'Delete for good' });
    expect(danger.getAttribute('style') ?? '').toContain('red');
    await userEvent.click(button);
    expect(restore).toHaveBeenCalledTimes(1);
  });
});
