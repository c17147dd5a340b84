import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AttachedFile } from '@kinfolio/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { scanTextQuery } from '../scanTextApi';

/**
 * A picture in the lightbox with the words read from it: each word's box drawn over the
 * picture (shown upright as read, so only when it was not turned to be read), highlighted while
 * the pointer is on it or on the word in the text below, which stays selectable.
 */
export function ScanWords({
  picture,
  frame,
}: {
  picture: AttachedFile;
  /** The picture as shown, with the word boxes drawn over it (in the same box as the image). */
  frame: (overlay: ReactNode) => ReactNode;
}) {
  const { t } = useTranslation('archive');
  const { data } = useQuery(scanTextQuery(picture.id));
  const [hovered, setHovered] = useState<number | null>(null);
  const page = data?.status === 'done' && !data.skipped ? data.pages[0] : undefined;
  const words = page && page.rotation === 0 && !data?.edited ? page.words : [];
  return (
    <>
      {frame(
        <>
          {words.map((word, index) => (
            <span
              key={index}
              className="kf-scan-box"
              data-hovered={hovered === index || undefined}
              title={word.text}
              onMouseEnter={() => setHovered(index)}
              onMouseLeave={() => setHovered(null)}
              style={{
                left: `${word.box.x * 100}%`,
                top: `${word.box.y * 100}%`,
                width: `${word.box.width * 100}%`,
                height: `${word.box.height * 100}%`,
              }}
            />
          ))}
        </>,
      )}
      {data?.text && !data.skipped ? (
        <section className="kf-scan-words" aria-label={t('scanText.title', { name: picture.name })}>
          {words.length ? (
            <Text size="sm" dir="auto">
              {words.map((word, index) => (
                <span
                  key={index}
                  className="kf-scan-word"
                  data-hovered={hovered === index || undefined}
                  onMouseEnter={() => setHovered(index)}
                  onMouseLeave={() => setHovered(null)}
                >
                  {word.text}{' '}
                </span>
              ))}
            </Text>
          ) : (
            <Text size="sm" dir="auto" className="kf-scan-text-body">
              {data.text}
            </Text>
          )}
        </section>
      ) : null}
    </>
  );
}
