import './faces.css';
import { UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/shared/i18n/react';
import { faceQueries } from './api';

interface FaceChipsProps {
  fileId: number;
  /** Opens the picture with this face chosen. */
  onOpen: (faceId: number) => void;
}

/**
 * Under a thumbnail of the item view: who is in the picture, as round crops with names (a
 * suggestion with "?", an unnamed face as "?"); each opens the picture with that face chosen.
 */
export function FaceChips({ fileId, onOpen }: FaceChipsProps) {
  const { t } = useTranslation('faces');
  const faces = useQuery(faceQueries.file(fileId));
  const list = faces.data?.data ?? [];
  if (!list.length) return null;
  return (
    <ul className="kf-face-chips" aria-label={t('chips.label', { count: list.length })}>
      {list.map((face) => {
        const name = face.participant?.name ?? face.suggestion?.name;
        const label = face.participant
          ? t('box.named', { name: face.participant.name })
          : face.suggestion
            ? t('box.suggested', { name: face.suggestion.name })
            : t('box.unknown');
        return (
          <li key={face.id}>
            <UnstyledButton
              className="kf-face-chip"
              onClick={() => onOpen(face.id)}
              aria-label={label}
              title={label}
            >
              <img className="kf-face-crop" src={face.crop_url} alt="" loading="lazy" />
              <span dir="auto">
                {face.participant ? name : face.suggestion ? `${name} ?` : '?'}
              </span>
            </UnstyledButton>
          </li>
        );
      })}
    </ul>
  );
}
