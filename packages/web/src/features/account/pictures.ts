import type { PictureKind } from '@kinfolio/contract';
import { call, callWithForm } from '@/shared/api/call';
import { mutationHook } from '@/shared/query/mutation';
import { setUser } from '@/shared/session';
import { sessionKeys } from '@/shared/session/queries';

const UPLOAD = { profile: 'updateUserImage', site: 'updateUserSitepicture' } as const;
const REMOVE = { profile: 'deleteUserImage', site: 'deleteUserSitepicture' } as const;

/** Uploads a picture (field `image`); 413/422 come back as errors for the card to show. */
async function uploadPicture({ kind, file }: { kind: PictureKind; file: Blob }) {
  const form = new FormData();
  form.append('image', file, file instanceof File ? file.name : `${kind}.png`);
  const answer = await callWithForm(UPLOAD[kind], form, { validationCheck: true });
  setUser(answer.user);
  return answer;
}

async function removePicture(kind: PictureKind) {
  const answer = await call(REMOVE[kind]);
  setUser(answer.user);
  return answer;
}

// The members list carries profile pictures (avatars beside revisions and names).
const stale = () => [sessionKeys.users, sessionKeys.adminUsers];
export const useUploadPicture = mutationHook(uploadPicture, stale);
export const useRemovePicture = mutationHook(removePicture, stale);
