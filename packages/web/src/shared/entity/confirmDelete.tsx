import { Text } from '@mantine/core';
import { i18n } from '@/shared/i18n';
import { TitleInSentence } from '@/shared/content/TitleInSentence';
import { confirm as confirmAction } from '@/shared/ui';

/** An entry named in a sentence: its title (or the fallback) in its own language. */
export interface EntrySubject {
  title: string;
  language: string;
}

/**
 * Asks before an entry goes to the trash or is deleted for good: `sentence` names the entry, the
 * red button says what happens.
 */
export function confirmDelete({
  heading,
  sentence,
  subject,
  confirm,
  onConfirm,
}: {
  heading: string;
  sentence: (title: string) => string;
  subject: EntrySubject;
  confirm: string;
  onConfirm: () => void;
}): void {
  confirmAction({
    title: heading,
    message: (
      <TitleInSentence
        sentence={sentence}
        title={subject.title}
        fallback={i18n.t('archive:item.untitled')}
        language={subject.language}
      />
    ),
    confirmLabel: confirm,
    onConfirm,
  });
}

/** Asks before entries of the trash are deleted for good; `sentence` names the entry. */
export function confirmHardDelete(options: {
  sentence: (title: string) => string;
  subject: EntrySubject;
  onConfirm: () => void;
}): void {
  confirmDelete({
    ...options,
    heading: i18n.t('archive:trash.hardDeleteTitle'),
    confirm: i18n.t('archive:trash.hardDelete'),
  });
}

/**
 * Asks before one file is removed from its entry. `wording` reads the kind's group of texts
 * (`deleteTitle`, `deleteMessage` with the file's `name`, `confirmDelete`); the dialog adds that
 * the file waits in the deleted medias, where an administrator can still restore it.
 */
export function confirmDeleteFile(
  wording: (key: 'deleteTitle' | 'deleteMessage' | 'confirmDelete', name: string) => string,
  file: { id: number; name: string },
  onConfirm: (fileId: number) => void,
): void {
  confirmAction({
    title: wording('deleteTitle', file.name),
    message: (
      <>
        {wording('deleteMessage', file.name)}
        <Text component="span" display="block" size="sm" c="dimmed" mt="xs">
          {i18n.t('common:files.keptNotice')}
        </Text>
      </>
    ),
    confirmLabel: wording('confirmDelete', file.name),
    onConfirm: () => onConfirm(file.id),
  });
}
