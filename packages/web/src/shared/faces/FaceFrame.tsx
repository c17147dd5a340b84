import './faces.css';
import { Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Face, FaceBox } from '@kinfolio/contract';
import { useEffect, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { useCan } from '@/shared/organisation/hooks';
import { EditIcon, UsersIcon } from '@/shared/ui';
import { faceQueries, useAddFace } from './api';
import { FacePanel, useFaceAnswers } from './FacePanel';
import { typing } from '@/shared/ui/typing';

interface FaceFrameProps {
  /** Drawn over the picture in its own box (a scan's word boxes). */
  overlay?: ReactNode;
  fileId: number;
  src: string;
  alt: string;
  /** A face to select at once (opened from a face's crop). */
  initialFace?: number;
}

/** A drawn box smaller than this (relative, each side) is taken for a slip, not a face. */
const MIN_SIDE = 0.02;

const percent = (value: number) => `${(value * 100).toFixed(2)}%`;

/** The label a face's box shows: the name, "X?" for a suggestion, else "?". */
function boxLabel(face: Face, unknown: string) {
  if (face.participant) return face.participant.name;
  if (face.suggestion) return `${face.suggestion.name} ?`;
  return unknown;
}

function usePointerBox(onBox: (box: FaceBox) => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  const [box, setBox] = useState<FaceBox | null>(null);
  const at = (event: PointerEvent<HTMLElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return {
      x: Math.min(1, Math.max(0, (event.clientX - rect.left) / rect.width)),
      y: Math.min(1, Math.max(0, (event.clientY - rect.top) / rect.height)),
    };
  };
  const between = (a: { x: number; y: number }, b: { x: number; y: number }): FaceBox => ({
    x: Math.min(a.x, b.x),
    y: Math.min(a.y, b.y),
    width: Math.abs(a.x - b.x),
    height: Math.abs(a.y - b.y),
  });
  return {
    box,
    handlers: {
      onPointerDown: (event: PointerEvent<HTMLElement>) => {
        event.currentTarget.setPointerCapture(event.pointerId);
        start.current = at(event);
        setBox(null);
      },
      onPointerMove: (event: PointerEvent<HTMLElement>) => {
        if (start.current) setBox(between(start.current, at(event)));
      },
      onPointerUp: (event: PointerEvent<HTMLElement>) => {
        if (!start.current) return;
        const drawn = between(start.current, at(event));
        start.current = null;
        setBox(null);
        if (drawn.width >= MIN_SIDE && drawn.height >= MIN_SIDE) onBox(drawn);
      },
    },
  };
}

/**
 * A picture with its faces: boxes show on hover, or after a tap on the picture or the faces
 * button, each with its name; choosing one opens what can be said about it. `y` and `n` answer
 * the chosen face's suggestion (or the first suggested face's). Editors may draw a box by hand.
 */
export function FaceFrame({ fileId, src, alt, initialFace, overlay }: FaceFrameProps) {
  const { t } = useTranslation('faces');
  const editable = useCan('content.edit');
  const faces = useQuery(faceQueries.file(fileId));
  const list = faces.data?.data ?? [];
  const [shown, setShown] = useState(initialFace !== undefined);
  const [selectedId, setSelectedId] = useState<number | undefined>(initialFace);
  const [drawing, setDrawing] = useState(false);
  const add = useAddFace();
  const pointer = usePointerBox((box) => {
    setDrawing(false);
    add.mutate({ fileId, box }, { onSuccess: (saved) => setSelectedId(saved.face.id) });
  });
  const selected = list.find((face) => face.id === selectedId);
  const answering = selected ?? list.find((face) => face.suggestion && !face.participant);
  const answers = useFaceAnswers(answering);

  useEffect(() => {
    if (!editable) return;
    const onKey = (event: KeyboardEvent) => {
      if (typing(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      if (!answering?.suggestion) return;
      if (event.key === 'y') answers.confirm();
      else if (event.key === 'n') answers.reject();
      else return;
      event.preventDefault();
      setShown(true);
      setSelectedId(answering.id);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const status = faces.data?.status;
  return (
    <div className="kf-faces">
      <div
        className="kf-face-frame"
        data-shown={shown || undefined}
        data-drawing={drawing || undefined}
        onClick={(event) => {
          // A tap on the picture (not on a box) shows or hides the boxes.
          if (!drawing && event.target === event.currentTarget.querySelector('img'))
            setShown((value) => !value);
        }}
        // Drawing keeps the finger for itself: no swipe to the next picture meanwhile.
        onTouchStart={drawing ? (event) => event.stopPropagation() : undefined}
        onTouchEnd={drawing ? (event) => event.stopPropagation() : undefined}
        {...(drawing ? pointer.handlers : {})}
      >
        <img src={src} alt={alt} draggable={false} />
        {overlay}
        {list.map((face) => (
          <button
            key={face.id}
            type="button"
            className="kf-face-box"
            data-named={face.participant ? true : undefined}
            data-suggested={!face.participant && face.suggestion ? true : undefined}
            aria-pressed={face.id === selectedId}
            aria-label={
              face.participant
                ? t('box.named', { name: face.participant.name })
                : face.suggestion
                  ? t('box.suggested', { name: face.suggestion.name })
                  : t('box.unknown')
            }
            style={{
              left: percent(face.box.x),
              top: percent(face.box.y),
              width: percent(face.box.width),
              height: percent(face.box.height),
            }}
            onClick={() => {
              setShown(true);
              setSelectedId(face.id === selectedId ? undefined : face.id);
            }}
          >
            <span className="kf-face-label" dir="auto">
              {boxLabel(face, t('box.unknownShort'))}
            </span>
          </button>
        ))}
        {pointer.box ? (
          <span
            className="kf-face-box kf-face-draft"
            aria-hidden="true"
            style={{
              left: percent(pointer.box.x),
              top: percent(pointer.box.y),
              width: percent(pointer.box.width),
              height: percent(pointer.box.height),
            }}
          />
        ) : null}
      </div>
      <Group gap="xs" mt="xs" justify="center" wrap="wrap">
        {status === 'pending' ? (
          <Text size="sm" c="dimmed" role="status">
            {t('status.pending')}
          </Text>
        ) : status === 'off' ? null : (
          <Button
            size="compact-sm"
            variant={shown ? 'light' : 'default'}
            leftSection={<UsersIcon size={14} />}
            aria-pressed={shown}
            onClick={() => setShown((value) => !value)}
          >
            {t('toolbar.faces', { count: list.length })}
          </Button>
        )}
        {editable && status !== 'off' ? (
          <Button
            size="compact-sm"
            variant={drawing ? 'filled' : 'default'}
            leftSection={<EditIcon size={14} />}
            aria-pressed={drawing}
            loading={add.isPending}
            onClick={() => {
              setDrawing((value) => !value);
              setShown(true);
            }}
          >
            {drawing ? t('toolbar.drawing') : t('toolbar.draw')}
          </Button>
        ) : null}
      </Group>
      {selected ? (
        <FacePanel
          key={selected.id}
          face={selected}
          editable={editable}
          onGone={() => setSelectedId(undefined)}
        />
      ) : null}
    </div>
  );
}
