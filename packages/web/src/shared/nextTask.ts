/**
 * Resolves in a later task of the event loop: work started after it does not lengthen the
 * current task (on a phone, a task of 100+ ms holds taps and scrolling meanwhile). Not a
 * top-level await in the entry: Rollup would then split every module the lazy chunks share with
 * it into a chunk of its own. A message channel rather than a timer: timers are clamped.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });
}
