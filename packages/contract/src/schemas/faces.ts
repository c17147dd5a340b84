import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { idField, integerField, paginated } from './common.js';
import { ITEM_LIMITS } from './item-constants.js';

/** Where face detection stands for one picture: not read yet, read, or the feature is off. */
export const FACE_STATUSES = ['pending', 'done', 'off'] as const;
export type FaceStatus = (typeof FACE_STATUSES)[number];

const unit = z.number().min(0).max(1);

/** A box relative to the picture as shown (EXIF rotation applied): 0..1 from the top left. */
export const faceBoxSchema = z
  .object({
    x: unit,
    y: unit,
    width: z.number().gt(0).max(1),
    height: z.number().gt(0).max(1),
  })
  .refine((box) => box.x + box.width <= 1.001 && box.y + box.height <= 1.001, {
    path: ['width'],
    message: 'validation.face_box_outside',
  });
export type FaceBox = z.infer<typeof faceBoxSchema>;

export const facePersonSchema = z.object({ id: z.number().int(), name: z.string() });

export const faceSchema = z.object({
  id: z.number().int(),
  file_id: z.number().int(),
  box: faceBoxSchema,
  /** Who it is, once somebody said so. */
  participant: facePersonSchema.nullable(),
  /** Who it looks like (the nearest named face under the threshold), to be confirmed or rejected. */
  suggestion: facePersonSchema.extend({ distance: z.number() }).nullable(),
  /** Found by the detector, or drawn by hand. */
  origin: z.enum(['detected', 'manual']),
  /** A small JPEG of the face (GET /api/faces/{id}/crop). */
  crop_url: z.string(),
});
export type Face = z.infer<typeof faceSchema>;

export const fileFacesSchema = z.object({
  status: z.enum(FACE_STATUSES),
  data: z.array(faceSchema),
});
export type FileFaces = z.infer<typeof fileFacesSchema>;

/**
 * Naming a face (`participant_id`, null to unname it), or saying who it is not
 * (`rejected_participant_id`: never suggested again for this face).
 */
export const facePatchBody = z
  .object({
    participant_id: idField.nullable().optional(),
    rejected_participant_id: idField.optional(),
  })
  .refine(
    (body) => body.participant_id !== undefined || body.rejected_participant_id !== undefined,
    {
      path: ['participant_id'],
      message: 'validation.face_patch_empty',
    },
  );
export type FacePatchBody = z.infer<typeof facePatchBody>;

/** A face drawn by hand on a picture, optionally named at once. */
export const faceCreateBody = z.object({
  box: faceBoxSchema,
  participant_id: idField.nullable().optional(),
});
export type FaceCreateBody = z.infer<typeof faceCreateBody>;

export const faceSaved = z.object({ message: z.string(), face: faceSchema });

/** A group of unnamed faces that look alike: naming the group names them all. */
export const faceGroupSchema = z.object({
  id: z.number().int(),
  size: z.number().int(),
  /** The participant most of its faces are suggested as, if any. */
  suggestion: facePersonSchema.extend({ distance: z.number() }).nullable(),
  /** Its faces (the first `FACE_LIMITS.groupFaces`), each with its crop. */
  faces: z.array(faceSchema),
});
export type FaceGroup = z.infer<typeof faceGroupSchema>;

export const faceGroupPageSchema = paginated(faceGroupSchema);

/** A person with named faces: the People page's card (a round crop of their face). */
export const facePersonCardSchema = facePersonSchema.extend({
  /** The largest of their named faces (the clearest crop). */
  face: z.object({ id: z.number().int(), crop_url: z.string() }),
  /** Live pictures in which a face is named as them. */
  photos: z.number().int(),
});
export type FacePersonCard = z.infer<typeof facePersonCardSchema>;

export const FACE_LIMITS = {
  /** Faces shown per group in the unknown faces' list. */
  groupFaces: 24,
  groupsPerPageDefault: 20,
} as const;

export const unknownFacesQuery = z.object({
  page: integerField(1, ITEM_LIMITS.maxPage).default(1),
  per_page: integerField(1, LIMITS.pageSizeMax).default(FACE_LIMITS.groupsPerPageDefault),
});

/**
 * Names every face of a group (`participant_id`; `except` leaves the listed faces out, they stay
 * unknown), or says the whole group is not that person (`rejected_participant_id`: remembered on
 * each of its faces, which are suggested again without them).
 */
export const faceGroupNameBody = z
  .object({
    participant_id: idField.optional(),
    rejected_participant_id: idField.optional(),
    except: z.array(idField).max(10_000).optional(),
  })
  .refine(
    (body) => (body.participant_id === undefined) !== (body.rejected_participant_id === undefined),
    { path: ['participant_id'], message: 'validation.face_patch_empty' },
  );

export const faceGroupNamed = z.object({ message: z.string(), count: z.number().int() });

/**
 * The admin's faces settings and progress. Descriptors are biometric data: `enabled: false` stops
 * every detection; deleting the face data (DELETE) removes faces, names given to faces, groups and
 * rejections.
 */
export const facesAdminSchema = z.object({
  /** False when the installation runs without faces (FACES=off): nothing can turn them on. */
  available: z.boolean(),
  enabled: z.boolean(),
  /** Names a face without confirmation when a reference is closer than the strict threshold. */
  auto_link: z.boolean(),
  thresholds: z.object({ suggest: z.number(), group: z.number(), auto_link: z.number() }),
  counts: z.object({
    pictures: z.number().int(),
    scanned: z.number().int(),
    pending: z.number().int(),
    faces: z.number().int(),
    named: z.number().int(),
    groups: z.number().int(),
  }),
  /** The backfill over existing pictures, while it is queued or running (else null). */
  backfill: z
    .object({
      job_id: z.string(),
      state: z.enum(['queued', 'running', 'done', 'failed']),
      progress: z.number().int(),
    })
    .nullable(),
  model_version: z.string(),
});
export type FacesAdmin = z.infer<typeof facesAdminSchema>;

export const facesAdminBody = z
  .object({ enabled: z.boolean().optional(), auto_link: z.boolean().optional() })
  .refine((body) => body.enabled !== undefined || body.auto_link !== undefined, {
    path: ['enabled'],
    message: 'validation.face_settings_empty',
  });

export const facesAdminSaved = z.object({ message: z.string(), settings: facesAdminSchema });

export const facesDeleted = z.object({ message: z.string(), count: z.number().int() });

export const facesBackfillQueued = z.object({ message: z.string(), job_id: z.string() });
