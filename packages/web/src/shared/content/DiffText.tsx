import { useTranslation } from '@/shared/i18n/react';
import type { DiffPart } from './textDiff';

/** A word diff: additions in `<ins>`, removals in `<del>`, each announced by assistive tech. */
export function DiffText({ parts, lang }: { parts: DiffPart[]; lang?: string }) {
  const { t } = useTranslation('archive');
  return (
    <div className="kf-diff" lang={lang} dir={lang === 'ar' ? 'rtl' : undefined}>
      {parts.map((part, index) =>
        part.added ? (
          <ins key={index} aria-label={`${t('history.added')}: ${part.text}`}>
            {part.text}
          </ins>
        ) : part.removed ? (
          <del key={index} aria-label={`${t('history.removed')}: ${part.text}`}>
            {part.text}
          </del>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </div>
  );
}
