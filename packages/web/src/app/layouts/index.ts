export { DefaultLayout } from './DefaultLayout';
export { FamilleLayout } from './FamilleLayout';
