// The user pictures module's public face: app.ts imports only from here.
export { registerUserPictureRoutes } from './routes.js';
export { pictureKey, pictureKeys } from './keys.js';
