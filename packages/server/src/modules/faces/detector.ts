import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import type * as FaceApiModule from '@vladmandic/face-api';

/**
 * Written beside every face: a descriptor is comparable only with descriptors of the same
 * models and input size, so a later change of either must be told apart.
 */
export const MODEL_VERSION = 'face-api-1.7.15/ssd-mobilenetv1+landmark68+recognition/2mp';

/** Pictures are scaled to about this many pixels: enough for faces, bounded in time and memory. */
export const TARGET_PIXELS = 2_000_000;
const MIN_CONFIDENCE = 0.5;
const MAX_FACES = 50;
// Scans can be huge, but a photo larger than this is almost certainly a decompression bomb.
const MAX_INPUT_PIXELS = 200_000_000;

/** A box relative to the picture as shown (EXIF rotation applied): every value in 0..1. */
export interface RelativeBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

export interface DetectedFace {
  box: RelativeBox;
  score: number;
  /**
   * The 5 key points (eyes, nose tip, mouth corners), relative like the box, and the roll angle
   * of the eyes' line in degrees: what the descriptor was aligned with, and what a crop needs.
   */
  landmarks: { points: Point[]; angle: number };
  descriptor: Float32Array;
}

export interface Detection {
  width: number;
  height: number;
  faces: DetectedFace[];
}

type FaceApi = typeof FaceApiModule;

let loading: Promise<FaceApi> | undefined;

const requireHere = createRequire(import.meta.url);
const packageDir = (name: string) => path.dirname(requireHere.resolve(`${name}/package.json`));

/**
 * face-api on tfjs's WebAssembly backend, its three models read from the package's `model/`
 * folder: once per process, on first use (a web server that never detects never pays the ~0.4 s
 * and ~40 MB). Nothing is fetched from the network.
 */
export function faceApi(): Promise<FaceApi> {
  loading ??= (async () => {
    const faceapi = requireHere('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
    const wasm = requireHere('@tensorflow/tfjs-backend-wasm') as {
      setWasmPaths(prefix: string, usePlatformFetch?: boolean): void;
    };
    wasm.setWasmPaths(`${path.join(packageDir('@tensorflow/tfjs-backend-wasm'), 'dist')}/`);
    // The bundle's typings leave out the backend calls of the tfjs it wraps.
    const tf = faceapi.tf as unknown as {
      setBackend(name: string): Promise<boolean>;
      ready(): Promise<void>;
    };
    await tf.setBackend('wasm');
    await tf.ready();
    const models = path.join(packageDir('@vladmandic/face-api'), 'model');
    await faceapi.nets.ssdMobilenetv1.loadFromDisk(models);
    await faceapi.nets.faceLandmark68Net.loadFromDisk(models);
    await faceapi.nets.faceRecognitionNet.loadFromDisk(models);
    return faceapi;
  })().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** An image decoded to RGB at about TARGET_PIXELS, rotated as shown; undefined if unreadable. */
export async function decodeForFaces(
  bytes: Buffer,
): Promise<{ data: Buffer; width: number; height: number } | undefined> {
  try {
    const input = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    const { width, height } = meta.autoOrient;
    if (!width || !height) return undefined;
    const scale = Math.min(1, Math.sqrt(TARGET_PIXELS / (width * height)));
    const { data, info } = await input
      .resize(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)))
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    return undefined;
  }
}

const clamp01 = (value: number) => Math.max(0, Math.min(1, value));
const mean = (points: Point[]): Point => ({
  x: points.reduce((sum, p) => sum + p.x, 0) / points.length,
  y: points.reduce((sum, p) => sum + p.y, 0) / points.length,
});

/** The 5 key points of 68 (eyes' centres, nose tip, mouth corners), relative to the picture. */
function keyPoints(positions: Point[], width: number, height: number): Point[] {
  const at = (p: Point) => ({ x: clamp01(p.x / width), y: clamp01(p.y / height) });
  return [
    at(mean(positions.slice(36, 42))),
    at(mean(positions.slice(42, 48))),
    at(positions[30]!),
    at(positions[48]!),
    at(positions[54]!),
  ];
}

/** Faces in an image's bytes; undefined when the image cannot be decoded. */
export async function detectFaces(bytes: Buffer): Promise<Detection | undefined> {
  const image = await decodeForFaces(bytes);
  if (!image) return undefined;
  return detectInPixels(image);
}

/** Faces in decoded RGB pixels. */
export async function detectInPixels(image: {
  data: Buffer;
  width: number;
  height: number;
}): Promise<Detection> {
  const faceapi = await faceApi();
  const { width, height } = image;
  const tensor = faceapi.tf.tensor3d(new Int32Array(image.data), [height, width, 3], 'int32');
  try {
    const options = new faceapi.SsdMobilenetv1Options({
      minConfidence: MIN_CONFIDENCE,
      maxResults: MAX_FACES,
    });
    const found = await faceapi
      .detectAllFaces(tensor as unknown as Parameters<FaceApi['detectAllFaces']>[0], options)
      .withFaceLandmarks()
      .withFaceDescriptors();
    const faces = found.map((face): DetectedFace => {
      const box = face.detection.box;
      const x = clamp01(box.x / width);
      const y = clamp01(box.y / height);
      const points = keyPoints(face.landmarks.positions, width, height);
      const [left, right] = points as [Point, Point];
      const angle =
        (Math.atan2((right.y - left.y) * height, (right.x - left.x) * width) * 180) / Math.PI;
      return {
        box: {
          x,
          y,
          width: clamp01(box.width / width) - Math.max(0, x + box.width / width - 1),
          height: clamp01(box.height / height) - Math.max(0, y + box.height / height - 1),
        },
        score: face.detection.score,
        landmarks: { points, angle: Math.round(angle * 10) / 10 },
        descriptor: face.descriptor,
      };
    });
    return { width, height, faces };
  } finally {
    tensor.dispose();
  }
}

/** A descriptor on a single face crop given by hand (no detector: the box is the user's). */
export async function describeCrop(image: {
  data: Buffer;
  width: number;
  height: number;
}): Promise<Float32Array | undefined> {
  const faceapi = await faceApi();
  const tensor = faceapi.tf.tensor3d(
    new Int32Array(image.data),
    [image.height, image.width, 3],
    'int32',
  );
  try {
    const result = await faceapi.computeFaceDescriptor(
      tensor as unknown as Parameters<FaceApi['computeFaceDescriptor']>[0],
    );
    return Array.isArray(result) ? result[0] : result;
  } finally {
    tensor.dispose();
  }
}
