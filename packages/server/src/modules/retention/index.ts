// The trash retention module's public face: app.ts declares its job.
export { declareRetentionJobs, emptyExpiredTrash } from './jobs.js';
