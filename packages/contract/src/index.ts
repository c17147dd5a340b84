export * from './constants.js';
export * from './permissions.js';
export * from './routes.js';
export * from './schemas/common.js';
export * from './schemas/user.js';
export * from './schemas/auth.js';
export * from './schemas/issues.js';
export * from './schemas/organisation.js';
