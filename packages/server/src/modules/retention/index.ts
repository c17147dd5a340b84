// The trash retention module's public face (issue 11): app.ts declares its job.
export { declareRetentionJobs, emptyExpiredTrash } from './jobs.js';
