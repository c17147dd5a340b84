// The records module's public face: other modules and app.ts import only from here.
export { registerRecordRoutes } from './routes.js';
export { declareRecordJobs } from './jobs.js';
export { removeMp3Leftovers } from './mp3-job.js';
export { findRecordForUpdate } from './repository.js';
export { copyRecordPeople, previewOf } from './service.js';
export { hardDeleteRecord } from './entity.js';
export { searchRecordGroups, type RecordSearchHit } from './queries.js';
export { recordMatches } from './search.js';
export { recordMp3State } from './mp3-service.js';
export { sendMp3 } from './mp3-download.js';
export { ffmpegPath, ffprobePath, runFfmpeg } from './ffmpeg.js';
export { encodeMp3 } from './mp3.js';
export { listRecordMp3s, type RecordMp3File } from './mp3-list.js';
export { isStoredMp3Name, listStoredMp3s, removeStoredMp3, restoreStoredMp3 } from './mp3-store.js';
export { findSilences, proposeSegments } from './segments/index.js';
export { exportableRecords, type ExportableRecord } from './export.js';
