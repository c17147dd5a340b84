import { LanguageIcon } from '@/shared/ui/icons';

/** What the language button shows, in the header's real control and in its light stand-in. */
export function LanguageFace({ code }: { code: string }) {
  return (
    <>
      <LanguageIcon />
      <span className="kf-lang-code" aria-hidden="true">
        {code.toUpperCase()}
      </span>
    </>
  );
}

/** A header button that opens a menu: named, and saying whether its menu is open. */
export const menuButtonProps = (label: string, opened: boolean) => ({
  className: 'kf-header-button',
  'aria-label': label,
  'aria-haspopup': 'menu' as const,
  'aria-expanded': opened,
});
