import { ActionIcon, UnstyledButton } from '@mantine/core';
import { startTransition, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/shared/i18n';
import { whenIdle } from '@/shared/build/idle';
import { useColorSchemeToggle } from '@/shared/session';
import { LanguageIcon, MoonIcon, SunIcon } from '@/shared/ui/icons';
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
  /** `idle`: nobody is at the control, so the swap may render in slices (a transition). */
  const load = (reason: 'idle' | 'pointer' | 'click' = 'pointer') => {
    if (reason === 'click') setHandOver((previous) => ({ ...previous, defaultOpened: true }));
    loadControls().then(
      (module) => {
        const focused = standIn.current !== null && document.activeElement === standIn.current;
        const swap = () => {
          setHandOver((previous) => ({ ...previous, takeFocus: focused }));
          setLoaded(() => module);
        };
        // Someone pointing at or focusing a control gets the real one at once: swapped in the
        // middle of a click, the press and the release would land on two different buttons.
        if (reason === 'idle' && !focused) startTransition(swap);
        else swap();
      },
      // Offline or a stale build: the stand-ins stay (the toggle still works) until the next try.
      () => undefined,
    );
  };
  const loadRef = useRef(load);
  useEffect(() => (controls ? undefined : whenIdle(() => loadRef.current('idle'))), []);
  return { loaded, handOver, load, standIn };
}

export function LanguagePicker() {
  const { t } = useTranslation('common');
  const { loaded, handOver, load, standIn } = useRealControls();
  if (loaded) return <loaded.LanguagePicker {...handOver} />;
  return (
    <UnstyledButton
      ref={standIn}
      className="kf-header-button"
      aria-label={t('language.choose')}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => load()}
      onFocus={() => load()}
      onClick={() => load('click')}
    >
      <LanguageIcon />
      <span className="kf-lang-code" aria-hidden="true">
        {currentLanguage().toUpperCase()}
      </span>
    </UnstyledButton>
  );
}

export function ColorSchemeToggle() {
  const { t } = useTranslation('common');
  const { colorScheme, toggle } = useColorSchemeToggle();
  const { loaded, handOver, load, standIn } = useRealControls();
  if (loaded) return <loaded.ColorSchemeToggle takeFocus={handOver.takeFocus} />;
  return (
    <ActionIcon
      ref={standIn}
      variant="subtle"
      size="lg"
      className="kf-header-button kf-header-icon"
      onClick={toggle}
      aria-label={colorScheme === 'dark' ? t('colorScheme.toLight') : t('colorScheme.toDark')}
      onPointerEnter={() => load()}
      onFocus={() => load()}
    >
      {colorScheme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </ActionIcon>
  );
}
