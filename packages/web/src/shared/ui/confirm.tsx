import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { i18n } from '@/shared/i18n';

export interface ConfirmOptions {
  title: string;
  /** The sentence that says what will happen (a string, or a node for a title in its language). */
  message: ReactNode;
  /** The confirming button's words: the action itself ("Delete"), never a bare "OK". */
  confirmLabel: string;
  /** Defaults to the common "Cancel". */
  cancelLabel?: string;
  /** A red confirming button; off for actions that lose nothing (separating a translation). */
  destructive?: boolean;
  /** Runs after the dialog closed, only when the person confirmed. */
  onConfirm: () => void;
}

/** Asks before an action that cannot be taken back, in the one dialog every screen uses. */
export function confirm({
  title,
  message,
  confirmLabel,
  cancelLabel,
  destructive = true,
  onConfirm,
}: ConfirmOptions) {
  modals.openConfirmModal({
    title,
    children: <Text size="sm">{message}</Text>,
    labels: { confirm: confirmLabel, cancel: cancelLabel ?? i18n.t('common:actions.cancel') },
    confirmProps: destructive ? { color: 'red' } : {},
    closeButtonProps: { 'aria-label': i18n.t('common:actions.close') },
    onConfirm,
  });
}
