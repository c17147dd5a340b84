import { AlertIcon, CheckIcon, ErrorIcon, InfoIcon } from './icons';
import { setToastIcons } from './toast';

// Imported by the toasts' container (app/DeferredProviders.tsx), see toast.tsx.
setToastIcons({ info: InfoIcon, success: CheckIcon, warning: AlertIcon, error: ErrorIcon });
