// The faces module's public face: other modules and app.ts import only from here.
export { registerFaceRoutes } from './routes.js';
export { declareFaceJobs } from './jobs.js';
export { moveFacesOnMerge } from './merge.js';
export { detectFaces, MODEL_VERSION, TARGET_PIXELS } from './detector.js';
export { placementFor } from './recognition.js';
export { descriptorBytes } from './repository.js';
