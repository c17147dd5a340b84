// Segments of records (an OHMS-style index): part of the records module, exported through it.
export { registerRecordSegmentRoutes } from './routes.js';
export {
  declareRecordSegmentsJob,
  detectRecordSegments,
  RECORD_SEGMENTS_JOB,
} from './detect-job.js';
export { findSilences } from './silences.js';
export { proposeSegments } from './propose.js';
