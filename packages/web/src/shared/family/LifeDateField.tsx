import { Group, Select, TextInput } from '@mantine/core';
import { LIFE_DATE_QUALIFIERS, type LifeDate } from '@kinfolio/contract';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { dateTimeFormat } from '@/shared/intl';
import { useUiLanguage } from '@/shared/organisation/hooks';
import { formatLifeDate } from './lifeDate';
import { fromDraft, toDraft, type LifeDateDraft } from './lifeDateDraft';

interface LifeDateFieldProps {
  /** The fieldset's name ("Birth"). */
  legend: string;
  value: LifeDate | null;
  onChange: (date: LifeDate | null) => void;
  error?: string;
}

/**
 * A date as far as it is known: how sure (exactly, about, before, between…), then a year, a month
 * and a day, each optional but the year; a range's end; or words. What it reads is shown back in
 * the interface language ("about March 1948").
 */
export function LifeDateField({ legend, value, onChange, error }: LifeDateFieldProps) {
  const { t } = useTranslation('family');
  const language = useUiLanguage();
  const [draft, setDraft] = useState<LifeDateDraft>(() => toDraft(value));
  const valueKey = JSON.stringify(value);
  useEffect(() => {
    // A value set from outside (the form reset) replaces the fields, not one typed here.
    if (JSON.stringify(fromDraft(draft)) !== valueKey) setDraft(toDraft(value));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only an outside change counts
  }, [valueKey]);

  const months = useMemo(() => {
    const format = dateTimeFormat(language, { month: 'long', timeZone: 'UTC' });
    return [
      { value: '', label: t('date.anyMonth') },
      ...Array.from({ length: 12 }, (_, index) => ({
        value: String(index + 1),
        label: format.format(new Date(Date.UTC(2000, index, 15))),
      })),
    ];
  }, [language, t]);

  const set = (patch: Partial<LifeDateDraft>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    onChange(fromDraft(next));
  };
  const read = fromDraft(draft);

  const parts = (prefix: '' | 'end') => {
    const key = (name: 'year' | 'month' | 'day') =>
      (prefix ? `end${name[0]!.toUpperCase()}${name.slice(1)}` : name) as keyof LifeDateDraft;
    return (
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <TextInput
          label={t(prefix ? 'date.endYear' : 'date.year')}
          inputMode="numeric"
          maxLength={4}
          value={draft[key('year')]}
          onChange={(event) => set({ [key('year')]: event.currentTarget.value })}
          style={{ flex: '0 0 5.5rem' }}
        />
        <Select
          label={t(prefix ? 'date.endMonth' : 'date.month')}
          data={months}
          value={draft[key('month')]}
          onChange={(month) => set({ [key('month')]: month ?? '' })}
          allowDeselect={false}
          comboboxProps={{ withinPortal: false }}
          style={{ flex: '1 1 8rem', minWidth: 0 }}
        />
        <TextInput
          label={t(prefix ? 'date.endDay' : 'date.day')}
          inputMode="numeric"
          maxLength={2}
          disabled={!draft[key('month')]}
          value={draft[key('day')]}
          onChange={(event) => set({ [key('day')]: event.currentTarget.value })}
          style={{ flex: '0 0 4rem' }}
        />
      </Group>
    );
  };

  return (
    <fieldset className="kf-life-date">
      <legend>{legend}</legend>
      <Select
        label={t('date.precision')}
        data={LIFE_DATE_QUALIFIERS.map((qualifier) => ({
          value: qualifier,
          label: t(`date.qualifiers.${qualifier}`),
        }))}
        value={draft.qualifier}
        onChange={(qualifier) =>
          set({ qualifier: (qualifier ?? 'exact') as LifeDateDraft['qualifier'] })
        }
        allowDeselect={false}
        comboboxProps={{ withinPortal: false }}
        mb="xs"
      />
      {draft.qualifier === 'phrase' ? (
        <TextInput
          label={t('date.phrase')}
          value={draft.phrase}
          onChange={(event) => set({ phrase: event.currentTarget.value })}
        />
      ) : (
        <>
          {parts('')}
          {draft.qualifier === 'between' ? (
            <div style={{ marginTop: 8 }}>{parts('end')}</div>
          ) : null}
        </>
      )}
      <p className="kf-life-date-read" aria-live="polite">
        {read ? formatLifeDate(read, language) : t('date.noDate')}
      </p>
      {error ? (
        <p className="kf-life-date-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
