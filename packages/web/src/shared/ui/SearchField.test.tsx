import { fireEvent, screen } from '@testing-library/react';
import { renderInMantine } from '@/shared/test/renderInMantine';
import { describe, expect, it, vi } from 'vitest';
import { SearchField } from './SearchField';

function renderField(props: { value: string; description?: string }) {
  const onChange = vi.fn();
  renderInMantine(
    <SearchField label="Search participants" placeholder="Name…" onChange={onChange} {...props} />,
  );
  return onChange;
}

describe('SearchField', () => {
  it('empty: a search box named by its label, with its placeholder', () => {
    renderField({ value: '' });
    const box = screen.getByRole('searchbox', { name: 'Search participants' });
    expect(box).toHaveAttribute('placeholder', 'Name…');
  });

  it('typed: hands the words over, and shows a hint when given one', () => {
    const onChange = renderField({ value: 'Zo', description: 'Type at least 3 letters' });
    expect(screen.getByText('Type at least 3 letters')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'Zoé' } });
    expect(onChange).toHaveBeenCalledWith('Zoé');
  });
});
