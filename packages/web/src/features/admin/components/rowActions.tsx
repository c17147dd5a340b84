import type { RowActionSpec } from '@/shared/kit/ActionsCell';
import { RestoreIcon, TrashIcon } from '@/shared/ui';

/** A row's button that puts it back (restore a file, retry a job), off while another runs. */
export const putBackAction = (
  label: string,
  busy: boolean,
  onClick: () => void,
  text?: string,
): RowActionSpec => ({
  label,
  text,
  icon: <RestoreIcon size={18} />,
  disabled: busy,
  onClick,
});

/** A row's red button that removes it (delete, purge), off while another runs. */
export const removeAction = (
  label: string,
  busy: boolean,
  onClick: () => void,
  text?: string,
): RowActionSpec => ({
  label,
  text,
  icon: <TrashIcon size={18} />,
  danger: true,
  disabled: busy,
  onClick,
});
