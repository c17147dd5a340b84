// Auth's public face for app.ts, main.ts, the bench and the test helpers. Modules use the few
// primitives they need (tokens, passwords, the sessions repository, session types) directly:
// auth imports the users and settings modules, so a module importing this barrel would close a
// cycle through it.
export { createAccount, createFirstAdmin, createOrPromoteAdmin } from './accounts.js';
export { declareAuthJobs } from './jobs.js';
export { pruneAuthRows } from './prune.js';
export { registerAuthRoutes } from './routes.js';
export { sessionManager, type SessionManager } from './session.js';
export { randomToken } from './tokens.js';
