export { useCan, useUiLanguage } from '@/shared/organisation/hooks';
