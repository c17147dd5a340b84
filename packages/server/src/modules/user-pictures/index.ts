// The user pictures module's public face: app.ts imports only from here.
export { registerUserPictureRoutes } from './routes.js';
export { pictureKeys } from './keys.js';
