import { MantineProvider, SegmentedControl } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ViewSwitch } from './ViewSwitch';

const DATA = [
  { value: 'list', label: 'Tous' },
  { value: 'revisions', label: 'Révisés et supprimés' },
  { value: 'trash', label: 'Corbeille' },
] as const;
type View = (typeof DATA)[number]['value'];

function Controlled({ onChange }: { onChange: (value: View) => void }) {
  const [value, setValue] = useState<View>('list');
  return (
    <ViewSwitch
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
      data={DATA}
      aria-label="Vues"
    />
  );
}

describe('ViewSwitch', () => {
  it('is a labelled radio group whose chosen segment is checked and marked active', () => {
    render(
      <MantineProvider>
        <ViewSwitch value="trash" onChange={() => undefined} data={DATA} aria-label="Vues" />
      </MantineProvider>,
    );
    const group = screen.getByRole('radiogroup', { name: 'Vues' });
    expect(group).toHaveClass(SegmentedControl.classes.root!);
    // The segment's own highlight (no measured indicator): Mantine's CSS draws it unless the root
    // says it is initialised.
    expect(group).not.toHaveAttribute('data-initialized');
    expect(screen.getByRole('radio', { name: 'Corbeille' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Tous' })).not.toBeChecked();
    expect(screen.getByText('Corbeille').closest('label')).toHaveAttribute('data-active');
  });

  it('changes on a click on a label and with the arrow keys', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <MantineProvider>
        <Controlled onChange={onChange} />
      </MantineProvider>,
    );
    await user.click(screen.getByText('Corbeille'));
    expect(onChange).toHaveBeenLastCalledWith('trash');
    expect(screen.getByRole('radio', { name: 'Corbeille' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(onChange).toHaveBeenLastCalledWith('revisions');
    expect(screen.getByRole('radio', { name: 'Révisés et supprimés' })).toBeChecked();
  });
});
