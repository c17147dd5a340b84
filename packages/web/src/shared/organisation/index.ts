export { organisationKeys, organisationQueries } from './queries';
export { useCan, useUiLanguage } from './hooks';
