import { Autocomplete } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { useParticipantChoices } from '@/shared/organisation/choices';
import { useCreatePerson } from './api';

interface PersonPickerProps {
  /** Called with the chosen participant, made first when the name is new. */
  onPick: (participantId: number) => void;
  disabled?: boolean;
  autoFocus?: boolean;
  /** The field's label ("Who is this?"). */
  label: string;
  /**
   * A new name, handed back instead of made here: the caller makes the person together with what
   * it ties them to (one request, nothing left behind when it is refused).
   */
  onNew?: (name: string) => void;
}

const same = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' }) === 0;

/**
 * "Who is this?": the participants as suggestions while typing; a name nobody has yet is offered
 * as a new participant, made when chosen (Enter or a tap).
 */
export function PersonPicker({ onPick, onNew, disabled, autoFocus, label }: PersonPickerProps) {
  const { t } = useTranslation('faces');
  const people = useParticipantChoices();
  const create = useCreatePerson();
  const [value, setValue] = useState('');
  const typed = value.trim();
  const createOption = typed ? t('picker.create', { name: typed }) : '';
  const data = useMemo(() => {
    const names = people.map((person) => person.label);
    return typed && !names.some((name) => same(name, typed)) ? [...names, createOption] : names;
  }, [people, typed, createOption]);

  const choose = async (option: string) => {
    if (option === createOption && typed && onNew) {
      setValue('');
      onNew(typed);
      return;
    }
    if (option === createOption && typed) {
      const saved = await create.mutateAsync(typed);
      setValue('');
      onPick(saved.participant.id);
      return;
    }
    const person =
      people.find((p) => p.label === option) ?? people.find((p) => same(p.label, option));
    if (!person) return;
    setValue('');
    onPick(Number(person.value));
  };

  return (
    <Autocomplete
      label={label}
      placeholder={t('picker.placeholder')}
      data={data}
      value={value}
      onChange={setValue}
      onOptionSubmit={(option) => void choose(option)}
      onKeyDown={(event) => {
        // Enter on a typed name that is no option: the one person of that name, or a new one.
        if (event.key !== 'Enter' || !typed) return;
        const exact = people.find((p) => same(p.label, typed));
        if (exact && !event.defaultPrevented) {
          event.preventDefault();
          void choose(exact.label);
        }
      }}
      limit={8}
      disabled={disabled || create.isPending}
      autoFocus={autoFocus}
      comboboxProps={{ withinPortal: false }}
      data-autofocus={autoFocus || undefined}
    />
  );
}
