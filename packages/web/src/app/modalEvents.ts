/**
 * `modals.openConfirmModal(…)` and the other calls of @mantine/modals announce themselves with
 * window events that its provider listens to. The provider loads after the first page
 * (DeferredProviders): a dialog asked for before then is kept here and asked for again once the
 * provider listens, instead of being lost.
 */
const TYPES = [
  'openModal',
  'openConfirmModal',
  'openContextModal',
  'closeModal',
  'closeAllModals',
  'updateModal',
  'updateContextModal',
].map((name) => `mantine-modals:${name}`);

let pending: CustomEvent[] | null = [];
const keep = (event: Event) => {
  if (event instanceof CustomEvent) pending?.push(event);
};
for (const type of TYPES) window.addEventListener(type, keep);

/** Called once the modals' provider listens: sends again what came before, then steps aside. */
export function replayModalEvents(): void {
  if (!pending) return;
  const events = pending;
  pending = null;
  for (const type of TYPES) window.removeEventListener(type, keep);
  for (const event of events) {
    window.dispatchEvent(new CustomEvent(event.type, { detail: event.detail as unknown }));
  }
}
