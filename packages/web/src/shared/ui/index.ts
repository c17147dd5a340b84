export { FormAlert } from './FormAlert';
export { PasswordField } from './PasswordField';
export { PageTitle } from './PageTitle';
export { toast, showToast, type ToastIntent } from './toast';
export * from './icons';
export { QueryState, type QueryLike } from './QueryState';
export { UserAvatar, initials } from './UserAvatar';
export { RowAction } from './RowAction';
export { ViewSwitch, type ViewSwitchProps } from './ViewSwitch';
