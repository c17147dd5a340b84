import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { i18n } from '@/shared/i18n';
import type { TFunction, TOptions } from '@/shared/i18n/core';

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
    // White on the default filled red (red.6) reads at 3.3:1; red.9 reaches WCAG AA (5.5:1).
    confirmProps: destructive ? { color: 'red.9' } : {},
    closeButtonProps: { 'aria-label': i18n.t('common:actions.close') },
    onConfirm,
  });
}

/** A dialog whose words are one family of keys of the caller's namespace. */
export interface KeyedConfirmOptions extends Pick<ConfirmOptions, 'destructive' | 'onConfirm'> {
  t: TFunction;
  /** `<action>Title`, `<action>Message` and `<action>Confirm` hold the dialog's words. */
  action: string;
  /** What the message names ("{{name}}", "{{count}}"). */
  values?: TOptions;
  /** The key of the cancelling button's words, where the namespace has its own. */
  cancel?: string;
  /** A message other than `<action>Message`, where it depends on the case. */
  message?: ReactNode;
}

/** `confirm` with its words read from `<action>Title`, `<action>Message`, `<action>Confirm`. */
export function confirmKeyed({ t, action, values, cancel, message, ...rest }: KeyedConfirmOptions) {
  confirm({
    title: t(`${action}Title`),
    message: message ?? t(`${action}Message`, values),
    confirmLabel: t(`${action}Confirm`),
    cancelLabel: cancel ? t(cancel) : undefined,
    ...rest,
  });
}

/**
 * A screen's confirmations, whose words sit under one key (`backup`): `ask('delete', values,
 * onConfirm)` reads `backup.deleteTitle`…, with the screen's own cancel wording (`backup.cancel`).
 */
export function confirmsOf(t: TFunction, screen: string) {
  return (
    action: string,
    values: TOptions,
    onConfirm: () => void,
    options: Pick<KeyedConfirmOptions, 'message' | 'destructive'> = {},
  ) =>
    confirmKeyed({
      t,
      action: `${screen}.${action}`,
      values,
      cancel: `${screen}.cancel`,
      onConfirm,
      ...options,
    });
}
