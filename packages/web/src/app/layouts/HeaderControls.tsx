import { ActionIcon, Menu, Tooltip, UnstyledButton } from '@mantine/core';
import { UI_LANGUAGES, type UiLanguage } from '@kinfolio/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { LANGUAGE_LABELS, currentLanguage } from '@/shared/i18n';
import { chooseLanguage, useColorSchemeToggle } from '@/shared/session';
import { CheckIcon, MoonIcon, SunIcon } from '@/shared/ui/icons';
import { LanguageFace, menuButtonProps } from './languageButton';

/** How the logged-out header's stand-in (LightHeaderControls) hands over to the real control. */
export interface HandOver {
  /** Clicked before this code arrived: open at once. */
  defaultOpened?: boolean;
  /** The stand-in had the keyboard focus: this control takes it. */
  takeFocus?: boolean;
}

function useTakeFocus<T extends HTMLElement>(takeFocus: boolean | undefined) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (takeFocus) ref.current?.focus();
  }, [takeFocus]);
  return ref;
}

/** Language menu; the choice is saved in the account's siteparams.language (at the next login when logged out). */
export function LanguagePicker({ defaultOpened, takeFocus }: HandOver = {}) {
  const { t, i18n } = useTranslation('common');
  const active = currentLanguage();
  const ref = useTakeFocus<HTMLButtonElement>(takeFocus);
  // Held here (the menu is controlled) so the button itself can say it: Menu.Target gives
  // aria-haspopup and aria-expanded to its child, here the Tooltip, which does not pass them on.
  const [opened, setOpened] = useState(defaultOpened ?? false);
  const choose = (lang: UiLanguage) => void chooseLanguage(lang);
  return (
    <Menu position="bottom-end" withinPortal shadow="md" opened={opened} onChange={setOpened}>
      <Menu.Target>
        <Tooltip label={t('language.choose')} openDelay={400}>
          <UnstyledButton ref={ref} {...menuButtonProps(t('language.choose'), opened)}>
            <LanguageFace code={active} />
          </UnstyledButton>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown aria-label={t('language.label')}>
        <Menu.Label>{t('language.label')}</Menu.Label>
        {UI_LANGUAGES.map((lang) => (
          <Menu.Item
            key={lang}
            lang={lang}
            onClick={() => choose(lang)}
            rightSection={i18n.language === lang ? <CheckIcon size={14} /> : null}
            aria-current={i18n.language === lang ? 'true' : undefined}
          >
            {LANGUAGE_LABELS[lang]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

export function ColorSchemeToggle({ takeFocus }: Pick<HandOver, 'takeFocus'> = {}) {
  const { t } = useTranslation('common');
  const ref = useTakeFocus<HTMLButtonElement>(takeFocus);
  const { colorScheme, toggle } = useColorSchemeToggle();
  const label = colorScheme === 'dark' ? t('colorScheme.toLight') : t('colorScheme.toDark');
  return (
    <Tooltip label={t('colorScheme.toggle')} openDelay={400}>
      <ActionIcon
        ref={ref}
        variant="subtle"
        size="lg"
        className="kf-header-button kf-header-icon"
        onClick={toggle}
        aria-label={label}
      >
        {colorScheme === 'dark' ? <SunIcon /> : <MoonIcon />}
      </ActionIcon>
    </Tooltip>
  );
}
