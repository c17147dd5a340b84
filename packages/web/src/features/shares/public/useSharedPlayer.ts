import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';

/** A piece of the recording as the link serves it, with its length when the server knows it. */
export interface PlayerSource {
  url: string;
  duration: number | null;
}

export interface SharedPlayer {
  audioRef: RefObject<HTMLAudioElement | null>;
  /** The source the audio element plays now. */
  source: PlayerSource | undefined;
  /** Seconds from the start of the whole recording (its parts end to end). */
  time: number;
  /** The whole length, as far as it is known. */
  total: number;
  playing: boolean;
  toggle: () => void;
  /** Goes to a time of the whole recording and plays from there. */
  seek: (time: number, play?: boolean) => void;
  /** The audio element's events, spread onto it. */
  events: {
    onTimeUpdate: () => void;
    onLoadedMetadata: () => void;
    onPlay: () => void;
    onPause: () => void;
    onEnded: () => void;
  };
}

/** The part a time of the whole falls in, and the time inside it. */
export function locate(durations: readonly number[], time: number): { part: number; at: number } {
  let start = 0;
  for (const [part, length] of durations.entries()) {
    if (time < start + length || part === durations.length - 1) {
      return { part, at: Math.max(0, time - start) };
    }
    start += length;
  }
  return { part: 0, at: 0 };
}

/**
 * A recording's parts played one after the other as one, with a plain audio element (the page
 * of a link stays light: no waveform, no decoding). Times count over the whole, as the
 * transcript's time codes do.
 */
export function useSharedPlayer(sources: readonly PlayerSource[]): SharedPlayer {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const [part, setPart] = useState(0);
  const [local, setLocal] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [measured, setMeasured] = useState<Record<number, number>>({});
  /** Where to go once the next part's length is known, and whether to play then. */
  const pending = useRef<{ at: number; play: boolean } | null>(null);

  const durations = useMemo(
    () => sources.map((source, index) => source.duration ?? measured[index] ?? 0),
    [sources, measured],
  );
  const offset = durations.slice(0, part).reduce((sum, length) => sum + length, 0);
  const total = durations.reduce((sum, length) => sum + length, 0);

  const apply = useCallback((at: number, play: boolean) => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.currentTime = at;
    setLocal(at);
    if (play) void audio.play().catch(() => undefined);
  }, []);

  const seek = useCallback(
    (time: number, play = true) => {
      const target = locate(durations, Math.max(0, time));
      if (target.part === part && audioRef.current && audioRef.current.readyState >= 1) {
        apply(target.at, play);
        return;
      }
      pending.current = { at: target.at, play };
      setPart(target.part);
      setLocal(target.at);
    },
    [apply, durations, part],
  );

  const toggle = useCallback(() => {
    const audio = audioRef.current;
    if (!audio) return;
    if (audio.paused) void audio.play().catch(() => undefined);
    else audio.pause();
  }, []);

  // A new recording starts from the beginning.
  const signature = sources.map((source) => source.url).join('\n');
  useEffect(() => {
    setPart(0);
    setLocal(0);
    setMeasured({});
  }, [signature]);

  // Lengths the server did not know are read from each further part's header (a small ranged
  // request; the audio element reads the first one's), so the whole length shows at once and a
  // time code can point into any part.
  useEffect(() => {
    const probes = sources.flatMap((source, index) => {
      if (index === 0 || source.duration !== null) return [];
      const probe = new Audio();
      probe.preload = 'metadata';
      probe.addEventListener(
        'loadedmetadata',
        () => {
          if (Number.isFinite(probe.duration)) {
            setMeasured((known) => ({ ...known, [index]: probe.duration }));
          }
        },
        { once: true },
      );
      probe.src = source.url;
      return [probe];
    });
    return () => {
      for (const probe of probes) probe.removeAttribute('src');
    };
    // The sources are compared by their addresses.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature]);

  const events = {
    onTimeUpdate: () => setLocal(audioRef.current?.currentTime ?? 0),
    onLoadedMetadata: () => {
      const audio = audioRef.current;
      if (!audio) return;
      if (Number.isFinite(audio.duration) && sources[part]?.duration == null) {
        setMeasured((known) => ({ ...known, [part]: audio.duration }));
      }
      const next = pending.current;
      pending.current = null;
      if (next) apply(next.at, next.play);
    },
    onPlay: () => setPlaying(true),
    onPause: () => setPlaying(false),
    onEnded: () => {
      if (part + 1 < sources.length) {
        pending.current = { at: 0, play: true };
        setPart(part + 1);
        setLocal(0);
      } else {
        setPlaying(false);
      }
    },
  };

  return {
    audioRef,
    source: sources[part],
    time: offset + local,
    total,
    playing,
    toggle,
    seek,
    events,
  };
}
