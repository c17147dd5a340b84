export { FormErrorAlert } from './FormErrorAlert';
export { PageTitle } from './PageTitle';
export { toast, showToast, type ToastIntent } from './toast';
export * from './icons';
