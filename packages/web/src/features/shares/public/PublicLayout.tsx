import { UI_LANGUAGES, type PublicShareInfo } from '@kinfolio/contract';
import type { ReactNode } from 'react';
import { currentLanguage, LANGUAGE_LABELS, setLanguage } from '@/shared/i18n';
import { useTranslation } from '@/shared/i18n/react';

/**
 * The page around what a link shares: the archive's name and the sharer's picture, a language
 * switch, nothing of the app's own navigation (the visitor has no account). share.html draws the
 * same header before this code runs.
 */
export function PublicLayout({
  site,
  children,
}: {
  site: PublicShareInfo['site'] | null;
  children: ReactNode;
}) {
  const { t } = useTranslation('shares');
  const name = site?.name ?? t('public.familyArchive');
  return (
    <div className="kf-public">
      <header className="kf-public-header">
        <div className="kf-public-header-row">
          <span className="kf-public-brand">
            <img src="/favicon.svg" alt="" width={24} height={24} />
            <span>{name}</span>
          </span>
          <LanguageSwitch />
        </div>
      </header>
      {site?.picture_url ? (
        // The sharer's banner: decoration, so hidden from screen readers.
        <div
          className="kf-public-banner"
          style={{ backgroundImage: `url("${encodeURI(site.picture_url)}")` }}
          aria-hidden
          data-testid="public-banner"
        />
      ) : null}
      <main className="kf-public-main" id="main">
        {children}
      </main>
    </div>
  );
}

/** The four interface languages; the visitor's browser chose the first one shown. */
function LanguageSwitch() {
  const { t } = useTranslation('shares');
  return (
    <select
      aria-label={t('public.language')}
      value={currentLanguage()}
      onChange={(event) => void setLanguage(event.currentTarget.value)}
      className="kf-public-language"
    >
      {UI_LANGUAGES.map((code) => (
        <option key={code} value={code}>
          {LANGUAGE_LABELS[code]}
        </option>
      ))}
    </select>
  );
}
