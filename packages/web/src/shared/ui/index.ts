export { FormErrorAlert } from './FormErrorAlert';
export { PasswordField } from './PasswordField';
export { PageTitle } from './PageTitle';
export { toast, showToast, type ToastIntent } from './toast';
export * from './icons';
