/** Pictures prepared (decoded, thumbnailed, hashed) ahead of the one being written. */
export const PREPARED_AHEAD = 3;

type Settled<P> = { ok: true; value: P } | { ok: false; error: unknown };

const settle = <P>(promise: Promise<P>): Promise<Settled<P>> =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

/**
 * Runs `prepare` on up to `ahead` items beyond the one `write` is given, and `write` on each in
 * order, one at a time: the preparation's work (sharp's, in its own threads) goes on while the
 * main thread writes. Bounded, so what is held in memory does not grow with the source. When
 * a write fails (or the import stops), the preparations under way are awaited and `discard`ed,
 * then the error goes on.
 */
export async function pipelined<T, P>(
  items: readonly T[],
  steps: {
    prepare: (item: T, index: number) => Promise<P>;
    write: (prepared: P, item: T, index: number) => Promise<void>;
    discard: (prepared: P) => Promise<void>;
  },
  ahead = PREPARED_AHEAD,
): Promise<void> {
  const queue: Promise<Settled<P>>[] = [];
  let next = 0;
  const fill = () => {
    while (next < items.length && queue.length <= ahead) {
      const index = next++;
      queue.push(settle(Promise.resolve().then(() => steps.prepare(items[index]!, index))));
    }
  };
  try {
    for (let index = 0; index < items.length; index++) {
      fill();
      const prepared = await queue.shift()!;
      if (!prepared.ok) throw prepared.error;
      await steps.write(prepared.value, items[index]!, index);
    }
  } finally {
    for (const pending of queue.splice(0)) {
      const prepared = await pending;
      if (prepared.ok) await steps.discard(prepared.value).catch(() => undefined);
    }
  }
}
