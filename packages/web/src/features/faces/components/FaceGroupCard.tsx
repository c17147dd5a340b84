import { Button, Group, Stack, Text } from '@mantine/core';
import type { FaceGroup } from '@kinfolio/contract';
import { forwardRef } from 'react';
import { PersonPicker } from '@/shared/faces/PersonPicker';
import { useTranslation } from '@/shared/i18n/react';
import { CheckIcon, ErrorIcon } from '@/shared/ui';

interface FaceGroupCardProps {
  group: FaceGroup;
  active: boolean;
  editable: boolean;
  busy: boolean;
  onActivate: () => void;
  onName: (participantId: number) => void;
  onReject: () => void;
}

/** One group of unknown faces that look alike: its crops, who it may be, and "who is this?". */
export const FaceGroupCard = forwardRef<HTMLElement, FaceGroupCardProps>(function FaceGroupCard(
  { group, active, editable, busy, onActivate, onName, onReject },
  ref,
) {
  const { t } = useTranslation('faces');
  const titleId = `kf-group-${group.id}-title`;
  return (
    <section
      ref={ref}
      className="kf-group"
      data-active={active || undefined}
      aria-labelledby={titleId}
      aria-current={active || undefined}
      tabIndex={-1}
      onFocus={onActivate}
      onClick={onActivate}
    >
      <Stack gap="xs">
        <Text component="h2" fw={600} size="sm" id={titleId} m={0}>
          {group.suggestion
            ? t('unknown.groupSuggested', { count: group.size, name: group.suggestion.name })
            : t('unknown.group', { count: group.size })}
        </Text>
        <ul className="kf-group-faces kf-people-plain" aria-label={t('unknown.faces')}>
          {group.faces.map((face) => (
            <li key={face.id}>
              <img className="kf-face-crop" src={face.crop_url} alt="" loading="lazy" />
            </li>
          ))}
        </ul>
        {editable && group.suggestion ? (
          <Group gap="xs">
            <Button
              size="compact-sm"
              leftSection={<CheckIcon size={14} />}
              onClick={() => onName(group.suggestion!.id)}
              loading={busy}
              aria-keyshortcuts="y"
            >
              {t('unknown.yes', { name: group.suggestion.name })}
            </Button>
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<ErrorIcon size={14} />}
              onClick={onReject}
              disabled={busy}
              aria-keyshortcuts="n"
            >
              {t('unknown.no', { name: group.suggestion.name })}
            </Button>
          </Group>
        ) : null}
        {editable ? (
          <div data-group-picker>
            <PersonPicker label={t('panel.who')} onPick={onName} disabled={busy} />
          </div>
        ) : null}
      </Stack>
    </section>
  );
});
