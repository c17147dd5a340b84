import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** Resolves once the real controls' code is in (the same import the component waits for). */
const codeArrived = () =>
  act(async () => {
    await import('./HeaderControls');
  });
/** Lets React apply what the last event did. */
const rendered = () => act(async () => undefined);

/** A fresh copy each time: the module keeps the real controls once loaded. */
async function renderStandIn() {
  const [{ MantineProvider }, { LanguagePicker }] = await Promise.all([
    import('@mantine/core'),
    import('./LightHeaderControls'),
  ]);
  render(
    <MantineProvider>
      <LanguagePicker />
    </MantineProvider>,
  );
  return screen.getByRole('button');
}

/** Presses the stand-in, and lets the real control's code arrive while it is held down. */
async function pressWhileCodeArrives() {
  const standIn = await renderStandIn();
  fireEvent.pointerDown(standIn);
  fireEvent.pointerEnter(standIn);
  await codeArrived();
  expect(standIn).toBeInTheDocument();
  return standIn;
}

beforeEach(() => {
  vi.resetModules();
});

describe("the logged-out header's stand-in language button", () => {
  it('is not swapped for the real one between a press and its click, which then opens the menu', async () => {
    const standIn = await pressWhileCodeArrives();
    fireEvent.pointerUp(standIn);
    fireEvent.click(standIn);
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    expect(standIn).not.toBeInTheDocument();
  });

  it('is swapped once a press ends without a click (dragged away)', async () => {
    const standIn = await pressWhileCodeArrives();
    fireEvent.pointerLeave(standIn);
    await rendered();
    expect(standIn).not.toBeInTheDocument();
    expect(screen.getByRole('button')).toHaveAttribute('aria-haspopup', 'menu');
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
