export { AdminUsersTabs } from './AdminUsersTabs';
export { DefaultLayout } from './DefaultLayout';
export { FamilleLayout } from './FamilleLayout';
