import type { Permission, ShareTargetType } from '@kinfolio/contract';
import { create } from 'zustand';

export type { ShareTargetType };

/** Who may make links: those who edit, each sharing what they can read (the server checks). */
export const SHARE_PERMISSION: Permission = 'content.edit';

/** What the share dialog is asked to share, and the words that name it there. */
export interface ShareTarget {
  target_type: ShareTargetType;
  /** The shared entry (every type but a selection). */
  target_id?: number;
  /** A selection: its items of any type… */
  ids?: number[];
  /** …and its records. */
  record_ids?: number[];
  /** The entry's title or name, or how many are selected, as the dialog shows it. */
  title: string;
}

interface ShareRequestState {
  target: ShareTarget | null;
}

/**
 * The share dialog's request: any screen asks for it (features do not import each other), the
 * logged-in layout draws the dialog, loaded on first use.
 */
export const useShareRequest = create<ShareRequestState>(() => ({ target: null }));

export function openShare(target: ShareTarget): void {
  useShareRequest.setState({ target });
}

export function closeShare(): void {
  useShareRequest.setState({ target: null });
}
