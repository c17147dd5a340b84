import { useComputedColorScheme, useMantineTheme } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import WaveSurfer from 'wavesurfer.js';
import type { PartsPlayer } from '../usePartsPlayer';

/**
 * The whole recording's waveform (parts end to end) with the playing position; a click or a drag
 * seeks; `children` are drawn over it (the segments). WaveSurfer only draws here: it is given the points and the length, never a file, and the
 * parts player does the playing (one file after the other, which WaveSurfer cannot).
 */
export function Waveform({ player, children }: { player: PartsPlayer; children?: ReactNode }) {
  const container = useRef<HTMLDivElement>(null);
  const surfer = useRef<WaveSurfer | null>(null);
  const theme = useMantineTheme();
  const dark = useComputedColorScheme('light') === 'dark';
  const primary = theme.colors[theme.primaryColor] ?? theme.colors.blue;
  const waveColor = dark ? theme.colors.dark[2] : theme.colors.gray[5];
  const progressColor = dark ? primary[4] : primary[7];
  const { seek, onFrame, waveform, line } = player;

  useEffect(() => {
    if (!container.current) return;
    const instance = WaveSurfer.create({
      container: container.current,
      height: 72,
      waveColor,
      progressColor,
      cursorColor: progressColor,
      cursorWidth: 2,
      barWidth: 2,
      barGap: 1,
      barRadius: 2,
      normalize: true,
      dragToSeek: true,
    });
    surfer.current = instance;
    const off = instance.on('interaction', (time) => seek(time));
    onFrame((time) => instance.setTime(time));
    return () => {
      off();
      onFrame(null);
      instance.destroy();
      surfer.current = null;
    };
  }, [waveColor, progressColor, seek, onFrame]);

  useEffect(() => {
    const instance = surfer.current;
    if (!instance || waveform.length === 0 || line.total <= 0) return;
    void instance.load('', [waveform], line.total).then(() => instance.setTime(player.time));
    // The position is restored once, after drawing; it follows the player from then on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [waveform, line.total, waveColor, progressColor]);

  return (
    // Time runs left to right whatever the page's direction.
    <div className="kf-waveform" dir="ltr">
      <div ref={container} aria-hidden="true" />
      {/* Where one part ends and the next begins. */}
      {line.offsets.slice(1).map((offset) => (
        <span
          key={offset}
          className="kf-waveform-boundary"
          style={{ left: `${(offset / line.total) * 100}%` }}
        />
      ))}
      {/* Drawn over it: the record's segments. */}
      {children}
    </div>
  );
}
