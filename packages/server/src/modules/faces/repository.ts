import type { Generated, Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

/** One picture read by the detector (migration 0037). */
export interface FaceScansTable {
  file_id: number;
  /** `done` (faces stored, maybe none) or `unreadable` (the image could not be decoded). */
  status: 'done' | 'unreadable';
  faces: Generated<number>;
  model_version: string;
  scanned_at: string;
}

export interface FaceGroupsTable {
  id: Generated<number>;
  created_at: string;
}

export interface FacesTable {
  id: Generated<number>;
  file_id: number;
  box_x: number;
  box_y: number;
  box_width: number;
  box_height: number;
  /** JSON `{points: [{x, y}] (5, relative), angle}`; null for a box drawn by hand. */
  landmarks: string | null;
  /** 128 float32 values, little-endian (biometric data); null when none could be computed. */
  descriptor: Buffer | null;
  score: number | null;
  model_version: string;
  origin: 'detected' | 'manual';
  participant_id: number | null;
  suggested_id: number | null;
  suggested_distance: number | null;
  group_id: number | null;
  named_by: number | null;
  named_at: string | null;
  created_at: string;
  revision: Generated<number>;
}

export interface FaceRejectionsTable {
  face_id: number;
  participant_id: number;
}

export type FaceTables = {
  face_scans: FaceScansTable;
  face_groups: FaceGroupsTable;
  faces: FacesTable;
  face_rejections: FaceRejectionsTable;
};

export type FacesDatabase = Database & FaceTables;
export type FacesExecutor = Kysely<FacesDatabase> | Transaction<FacesDatabase>;
export type FaceRow = Selectable<FacesTable>;

export const facesDb = (db: Kysely<Database>): Kysely<FacesDatabase> => db.withTables<FaceTables>();

/** A transaction of the app's schema seen with the faces' tables. */
export const facesTrx = (trx: Transaction<Database>): Transaction<FacesDatabase> =>
  trx as unknown as Transaction<FacesDatabase>;

/** The 128 values of a descriptor as stored: float32, little-endian. */
export function descriptorBytes(descriptor: Float32Array): Buffer {
  const out = Buffer.alloc(descriptor.length * 4);
  for (let i = 0; i < descriptor.length; i += 1) out.writeFloatLE(descriptor[i]!, i * 4);
  return out;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

export function descriptorOf(bytes: Uint8Array): Float32Array {
  const length = Math.floor(bytes.byteLength / 4);
  if (LITTLE_ENDIAN) {
    // One copy of the bytes (aligned, and never the driver's shared pool, which a Buffer's
    // `.buffer` may be), no per-value decoding: 100,000 rows load fast.
    const copy = new Uint8Array(length * 4);
    copy.set(bytes.subarray(0, length * 4));
    return new Float32Array(copy.buffer);
  }
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float32Array(length);
  for (let i = 0; i < length; i += 1) out[i] = buffer.readFloatLE(i * 4);
  return out;
}

/** Face rows of pictures, with the picture's item and the names of the people involved. */
export function faceListQuery(db: FacesExecutor) {
  return db
    .selectFrom('faces as f')
    .innerJoin('files as fl', 'fl.id', 'f.file_id')
    .leftJoin('participants as p', 'p.id', 'f.participant_id')
    .leftJoin('participants as s', 's.id', 'f.suggested_id')
    .select([
      'f.id',
      'f.file_id',
      'f.box_x',
      'f.box_y',
      'f.box_width',
      'f.box_height',
      'f.origin',
      'f.participant_id',
      'p.name as participant_name',
      'f.suggested_id',
      's.name as suggested_name',
      'f.suggested_distance',
      'f.group_id',
      'fl.item_id',
    ]);
}

export type FaceListRow = Awaited<ReturnType<ReturnType<typeof faceListQuery>['execute']>>[number];
