import { ActionIcon, UnstyledButton } from '@mantine/core';
import { startTransition, useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { currentLanguage } from '@/shared/i18n';
import { whenIdle } from '@/shared/build/idle';
import { useColorSchemeToggle } from '@/shared/session';
import { MoonIcon, SunIcon } from '@/shared/ui/icons';
import { LanguageFace, menuButtonProps } from './languageButton';
import type * as HeaderControls from './HeaderControls';
import type { HandOver } from './HeaderControls';

/*
 * The logged-out header's language menu and colour scheme toggle, without Mantine's Menu and
 * Tooltip (and floating-ui, 30 KB gzipped with them) on the login page's critical path: the same
 * buttons render at once and the real controls (HeaderControls.tsx) replace them when the browser
 * is idle, or as soon as someone points at, focuses or clicks one. A click before then opens the
 * menu once it is in; the focus stays on the button.
 */

type Controls = typeof HeaderControls;
/** `idle`: nobody is at the control. */
type LoadReason = 'idle' | 'pointer' | 'click';

let controls: Controls | null = null;
let loading: Promise<Controls> | null = null;

function loadControls(): Promise<Controls> {
  loading ??= import('./HeaderControls').then(
    (module) => (controls = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The real controls once loaded, and what the stand-in passed on (a click, the focus). */
function useRealControls() {
  const [loaded, setLoaded] = useState(controls);
  const [handOver, setHandOver] = useState<HandOver>({});
  const standIn = useRef<HTMLButtonElement>(null);
  // While the stand-in is pressed the swap waits for the release: swapped between the press and
  // the release, the click would land on neither button (the code often arrives just then).
  const pressed = useRef(false);
  const held = useRef<(() => void) | null>(null);
  const swapIn = (module: Controls, reason: LoadReason) => {
    const focused = standIn.current !== null && document.activeElement === standIn.current;
    const swap = () => {
      setHandOver((previous) => ({ ...previous, takeFocus: focused }));
      setLoaded(() => module);
    };
    // Someone at the control gets the real one at once; at idle it renders in slices.
    if (reason === 'idle' && !focused) startTransition(swap);
    else swap();
  };
  const load = (reason: LoadReason = 'pointer') => {
    if (reason === 'click') setHandOver((previous) => ({ ...previous, defaultOpened: true }));
    loadControls().then(
      (module) => {
        if (pressed.current) held.current = () => swapIn(module, reason);
        else swapIn(module, reason);
      },
      // Offline or a stale build: the stand-ins stay (the toggle still works) until the next try.
      () => undefined,
    );
  };
  const release = () => {
    pressed.current = false;
    const swap = held.current;
    held.current = null;
    swap?.();
  };
  /** The stand-in's click: the press ends here, and what it held is handed over with the click. */
  const clicked = (then: () => void) => {
    pressed.current = false;
    held.current = null;
    then();
  };
  const press = {
    onPointerDown: () => {
      pressed.current = true;
    },
    // Released without a click (dragged away, a scroll): the swap goes on.
    onPointerUp: () => void setTimeout(release, 0),
    onPointerLeave: release,
    onPointerCancel: release,
  };
  const loadRef = useRef(load);
  useEffect(() => (controls ? undefined : whenIdle(() => loadRef.current('idle'))), []);
  return { loaded, handOver, load, standIn, press, clicked };
}

export function LanguagePicker() {
  const { t } = useTranslation('common');
  const { loaded, handOver, load, standIn, press, clicked } = useRealControls();
  if (loaded) return <loaded.LanguagePicker {...handOver} />;
  return (
    <UnstyledButton
      ref={standIn}
      {...menuButtonProps(t('language.choose'), false)}
      {...press}
      onPointerEnter={() => load()}
      onFocus={() => load()}
      onClick={() => clicked(() => load('click'))}
    >
      <LanguageFace code={currentLanguage()} />
    </UnstyledButton>
  );
}

export function ColorSchemeToggle() {
  const { t } = useTranslation('common');
  const { colorScheme, toggle } = useColorSchemeToggle();
  const { loaded, handOver, load, standIn, press, clicked } = useRealControls();
  if (loaded) return <loaded.ColorSchemeToggle takeFocus={handOver.takeFocus} />;
  return (
    <ActionIcon
      ref={standIn}
      variant="subtle"
      size="lg"
      className="kf-header-button kf-header-icon"
      {...press}
      onClick={() =>
        clicked(() => {
          toggle();
          load();
        })
      }
      aria-label={colorScheme === 'dark' ? t('colorScheme.toLight') : t('colorScheme.toDark')}
      onPointerEnter={() => load()}
      onFocus={() => load()}
    >
      {colorScheme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </ActionIcon>
  );
}
