// The failed-jobs admin module's public face (the queue itself is src/jobs, not a module).
export { registerJobRoutes } from './routes.js';
