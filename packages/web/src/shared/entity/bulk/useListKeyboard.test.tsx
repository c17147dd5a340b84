import { fireEvent, render } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useListKeyboard } from './useListKeyboard';

interface Calls {
  onOpen: (index: number) => void;
  onEdit: (index: number) => void;
  onToggle: (index: number) => void;
}

function List({ calls }: { calls: Calls }) {
  const list = useRef<HTMLDivElement>(null);
  useListKeyboard({
    count: 3,
    ...calls,
    rowElement: (index) =>
      list.current?.querySelectorAll<HTMLElement>('[data-kf-row]')[index] ?? null,
  });
  return (
    <>
      <input aria-label="search" />
      <div ref={list}>
        {[0, 1, 2].map((i) => (
          <article key={i} data-kf-row={i} tabIndex={-1}>
            row {i}
          </article>
        ))}
      </div>
    </>
  );
}

const setup = () => {
  const calls = { onOpen: vi.fn(), onEdit: vi.fn(), onToggle: vi.fn() };
  const view = render(<List calls={calls} />);
  const rows = view.container.querySelectorAll<HTMLElement>('[data-kf-row]');
  const key = (k: string, target: Element = document.activeElement ?? document.body) =>
    fireEvent.keyDown(target, { key: k });
  return { calls, rows, key, view };
};

describe('list keys', () => {
  it('moves the focus with j/k and the arrows, within the list', () => {
    const { rows, key } = setup();
    key('j');
    expect(document.activeElement).toBe(rows[0]);
    key('ArrowDown');
    key('j');
    key('j');
    expect(document.activeElement).toBe(rows[2]);
    key('k');
    expect(document.activeElement).toBe(rows[1]);
    key('ArrowUp');
    key('ArrowUp');
    expect(document.activeElement).toBe(rows[0]);
  });

  it('opens, edits and selects the focused row', () => {
    const { calls, key } = setup();
    key('x');
    expect(calls.onToggle).not.toHaveBeenCalled();
    key('j');
    key('j');
    key('Enter');
    key('e');
    key('x');
    expect(calls.onOpen).toHaveBeenCalledWith(1);
    expect(calls.onEdit).toHaveBeenCalledWith(1);
    expect(calls.onToggle).toHaveBeenCalledWith(1);
  });

  it('leaves keys typed in a field or with a modifier alone', () => {
    const { calls, rows, key, view } = setup();
    const input = view.getByLabelText('search');
    input.focus();
    key('j', input);
    key('x', input);
    expect(document.activeElement).toBe(input);
    fireEvent.keyDown(document.body, { key: 'j', ctrlKey: true });
    expect(document.activeElement).not.toBe(rows[0]);
    expect(calls.onToggle).not.toHaveBeenCalled();
  });
});
