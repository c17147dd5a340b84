import { Text, Textarea, UnstyledButton } from '@mantine/core';
import type { UiLanguage } from '@kinfolio/contract';
import { useRef, useState } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { LANGUAGE_LABELS } from '@/shared/i18n';

interface TranslationCellProps {
  translationKey: string;
  language: UiLanguage;
  value: string;
  /** The app's own wording, shown under an empty value. */
  builtIn?: string;
  canEdit: boolean;
  onSave: (value: string) => Promise<unknown>;
}

/**
 * One value of the keys × languages table. Editors click it (or press Enter on it) to edit in
 * place: Enter or leaving the field saves, Shift+Enter adds a line, Escape cancels.
 */
export function TranslationCell({
  translationKey,
  language,
  value,
  builtIn,
  canEdit,
  onSave,
}: TranslationCellProps) {
  const { t } = useTranslation('organisation');
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const done = useRef(false);
  const label = t('translations.cellLabel', {
    key: translationKey,
    language: LANGUAGE_LABELS[language],
  });
  // No site value: the app shows its built-in wording, and only without one is the text missing.
  const fallbackText = builtIn
    ? t('translations.builtIn', { text: builtIn })
    : t('translations.missing');
  const missing = builtIn ? (
    <Text component="span" size="xs" c="dimmed" display="block" lang={language}>
      {fallbackText}
    </Text>
  ) : (
    <Text component="span" size="sm" c="dimmed" fs="italic" display="block">
      {fallbackText}
    </Text>
  );

  if (!canEdit) {
    return value ? (
      <Text size="sm" lang={language} className="kf-translation-value">
        {value}
      </Text>
    ) : (
      missing
    );
  }

  const commit = async () => {
    if (draft === null || done.current) return;
    done.current = true;
    if (draft === value) {
      setDraft(null);
      return;
    }
    setSaving(true);
    try {
      await onSave(draft);
      setDraft(null);
    } catch {
      // The toast said why; the draft stays for another try.
      done.current = false;
    } finally {
      setSaving(false);
    }
  };

  if (draft !== null) {
    return (
      <Textarea
        aria-label={label}
        lang={language}
        autosize
        minRows={1}
        maxRows={8}
        size="sm"
        autoFocus
        disabled={saving}
        value={draft}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onBlur={() => void commit()}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            done.current = true;
            setDraft(null);
          } else if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            void commit();
          }
        }}
      />
    );
  }

  return (
    <UnstyledButton
      className="kf-translation-cell"
      aria-label={`${label}: ${value || fallbackText}`}
      lang={language}
      onClick={() => {
        done.current = false;
        setDraft(value);
      }}
    >
      {value ? (
        <Text size="sm" component="span" className="kf-translation-value">
          {value}
        </Text>
      ) : (
        missing
      )}
    </UnstyledButton>
  );
}
