import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { decodePart, type DecodedPart } from './decodeAudio';
import { locate, timeline, type Timeline } from './timeline';

export interface PlayerPart {
  id: number;
  url: string;
  name: string;
}

export interface PartsPlayer {
  parts: readonly PlayerPart[];
  /** Seconds from the start of the recording (all parts end to end), refreshed a few times a second. */
  time: number;
  /** The exact time now, for inserting a time code. */
  currentTime: () => number;
  playing: boolean;
  /** Every part's length is known (the timeline, the waveform). */
  ready: boolean;
  line: Timeline;
  /** Waveform points of the whole recording, parts end to end. */
  waveform: number[];
  /** The part being heard. */
  part: number;
  toggle: () => void;
  seek: (time: number) => void;
  skip: (seconds: number) => void;
  /** Called on every animation frame while playing (the waveform's progress), and on seeks. */
  onFrame: (listener: ((time: number) => void) | null) => void;
  /** The playing speed (1 normal; 0.5 to transcribe), kept from part to part. */
  rate: number;
  setRate: (rate: number) => void;
}

/** How often the time shown in React is refreshed while playing. */
const TICK_MS = 200;

/**
 * Plays a record's audio parts one after the other as a single recording: one audio element
 * moves from part to part, and times are counted over the whole. Each part is decoded once for
 * its length and waveform.
 */
export function usePartsPlayer(parts: readonly PlayerPart[]): PartsPlayer {
  const [audio] = useState(() => {
    const element = document.createElement('audio');
    element.preload = 'metadata';
    return element;
  });
  const signature = parts.map((part) => part.url).join('\n');
  const cache = useRef(new Map<string, DecodedPart>());
  const [decoded, setDecoded] = useState<(DecodedPart | undefined)[]>([]);
  const [time, setTime] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [part, setPart] = useState(0);
  const [rate, setRateState] = useState(1);
  const state = useRef({
    part: 0,
    line: timeline([]),
    pending: null as number | null,
    lastTick: 0,
    /** The last seek: until the element moves on, its time is the one asked for, not rounded. */
    seek: null as { target: number; at: number } | null,
  });
  const frameListener = useRef<((time: number) => void) | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const urls = signature ? signature.split('\n') : [];
    setDecoded(urls.map((url) => cache.current.get(url)));
    void (async () => {
      for (const [index, url] of urls.entries()) {
        if (cache.current.has(url)) continue;
        try {
          const result = await decodePart(url, controller.signal);
          cache.current.set(url, result);
          setDecoded((current) => current.map((value, at) => (at === index ? result : value)));
        } catch {
          return;
        }
      }
    })();
    // A new set or order of parts starts over from the beginning.
    audio.pause();
    audio.removeAttribute('src');
    state.current.part = -1;
    state.current.pending = null;
    setPart(0);
    setTime(0);
    return () => controller.abort();
  }, [signature, audio]);

  const ready = parts.length > 0 && decoded.length === parts.length && decoded.every(Boolean);
  const line = useMemo(
    () => (ready ? timeline(decoded.map((value) => value?.duration ?? 0)) : timeline([])),
    [ready, decoded],
  );
  const waveform = useMemo(
    () =>
      ready
        ? decoded.flatMap(
            (value) =>
              value?.peaks ??
              new Array<number>(Math.max(16, Math.round(value?.duration ?? 0))).fill(0),
          )
        : [],
    [ready, decoded],
  );
  state.current.line = line;

  const now = useCallback(() => {
    const { part: index, line: current, pending, seek } = state.current;
    if (pending !== null) return pending;
    if (index < 0) return 0;
    if (seek && audio.paused && audio.currentTime === seek.at) return seek.target;
    return (current.offsets[index] ?? 0) + audio.currentTime;
  }, [audio]);

  const publish = useCallback(
    (force: boolean) => {
      const value = now();
      frameListener.current?.(value);
      const stamp = performance.now();
      if (force || stamp - state.current.lastTick >= TICK_MS) {
        state.current.lastTick = stamp;
        setTime(value);
      }
    },
    [now],
  );

  /** Puts the audio element on the part at `target`, then at the right moment in it. */
  const goTo = useCallback(
    (target: number, play: boolean) => {
      const { line: current } = state.current;
      if (current.offsets.length === 0) {
        state.current.pending = Math.max(0, target);
        publish(true);
        return;
      }
      const { part: index, at } = locate(current, target);
      const source = parts[index];
      if (!source) return;
      state.current.pending = null;
      const start = () => {
        audio.currentTime = at;
        state.current.seek = { target, at: audio.currentTime };
        publish(true);
        if (play) void audio.play().catch(() => setPlaying(false));
      };
      if (state.current.part !== index) {
        state.current.part = index;
        setPart(index);
        audio.src = source.url;
        // Shown at once; the element catches up when the part's header is read.
        state.current.pending = current.offsets[index]! + at;
        publish(true);
        audio.addEventListener(
          'loadedmetadata',
          () => {
            state.current.pending = null;
            start();
          },
          { once: true },
        );
      } else {
        start();
      }
    },
    [audio, parts, publish],
  );

  // A seek asked before the parts' lengths were known is applied once they are.
  useEffect(() => {
    if (!ready) return;
    const pending = state.current.pending;
    if (state.current.part < 0) goTo(pending ?? 0, false);
  }, [ready, goTo]);

  useEffect(() => {
    let frame = 0;
    const loop = () => {
      publish(false);
      frame = requestAnimationFrame(loop);
    };
    const onPlay = () => {
      setPlaying(true);
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(loop);
    };
    const onPause = () => {
      cancelAnimationFrame(frame);
      publish(true);
      if (!audio.ended) setPlaying(false);
    };
    const onEnded = () => {
      const next = state.current.part + 1;
      const { line: current } = state.current;
      if (next < current.offsets.length) goTo(current.offsets[next] ?? 0, true);
      else setPlaying(false);
    };
    audio.addEventListener('play', onPlay);
    audio.addEventListener('pause', onPause);
    audio.addEventListener('ended', onEnded);
    const onSeeked = () => publish(true);
    audio.addEventListener('seeked', onSeeked);
    return () => {
      cancelAnimationFrame(frame);
      audio.removeEventListener('play', onPlay);
      audio.removeEventListener('pause', onPause);
      audio.removeEventListener('ended', onEnded);
      audio.removeEventListener('seeked', onSeeked);
    };
  }, [audio, goTo, publish]);

  useEffect(() => () => audio.pause(), [audio]);

  const seek = useCallback(
    (target: number) =>
      goTo(Math.max(0, Math.min(target, state.current.line.total || target)), !audio.paused),
    [audio, goTo],
  );
  const toggle = useCallback(() => {
    if (!ready) return;
    if (!audio.paused) {
      audio.pause();
      return;
    }
    const { line: current } = state.current;
    const at = now();
    // At the end, playing again starts over.
    goTo(at >= current.total - 0.05 ? 0 : at, true);
  }, [audio, ready, now, goTo]);
  const skip = useCallback((seconds: number) => seek(now() + seconds), [seek, now]);
  const onFrame = useCallback((listener: ((time: number) => void) | null) => {
    frameListener.current = listener;
  }, []);
  const setRate = useCallback(
    (value: number) => {
      // The default rate survives the element's change of part; the rate applies now.
      audio.defaultPlaybackRate = value;
      audio.playbackRate = value;
      setRateState(value);
    },
    [audio],
  );

  return {
    parts,
    time,
    currentTime: now,
    playing,
    ready,
    line,
    waveform,
    part,
    toggle,
    seek,
    skip,
    onFrame,
    rate,
    setRate,
  };
}
