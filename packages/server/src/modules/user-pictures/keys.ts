import { PICTURE_SIZES, type PictureKind, type PictureSize } from '@kinfolio/contract';

/** The users column that holds a kind's current version. */
export const PICTURE_COLUMN = { profile: 'picture', site: 'site_picture' } as const;

/** Where one size of a picture version lives in the pictures storage. */
export function pictureKey(
  userId: number,
  kind: PictureKind,
  version: string,
  size: PictureSize,
): string {
  return `u${userId}/${kind}-${version}-${size}.webp`;
}

export function pictureKeys(userId: number, kind: PictureKind, version: string): string[] {
  return PICTURE_SIZES.map((size) => pictureKey(userId, kind, version, size));
}
