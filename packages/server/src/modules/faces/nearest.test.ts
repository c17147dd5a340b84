import { describe, expect, it } from 'vitest';
import { FaceIndex } from './nearest.js';
import { descriptorBytes, descriptorOf } from './repository.js';

const vector = (seed: number) =>
  Float32Array.from({ length: 128 }, (_, i) => Math.sin(seed * 31 + i) / 10);

describe('faces: descriptors and the in-memory index', () => {
  it('reads a descriptor back from bytes inside a larger pooled buffer (as drivers return them)', () => {
    const d = vector(1);
    const pool = Buffer.concat([Buffer.alloc(3, 7), descriptorBytes(d), Buffer.alloc(5, 9)]);
    expect(descriptorOf(pool.subarray(3, 3 + 512))).toEqual(d);
  });

  it('finds the nearest named and unnamed faces in one pass, leaving out rejected people', () => {
    const index = new FaceIndex();
    index.upsert(1, 10, null, vector(1));
    index.upsert(2, null, 5, vector(2));
    index.upsert(3, 11, null, vector(3));
    const near = Float32Array.from(vector(1), (v) => v + 0.001);
    const both = index.nearestBoth(near, { namedLimit: 0.5, unnamedLimit: 5 });
    expect(both.named).toMatchObject({ id: 1, participantId: 10 });
    expect(both.unnamed).toMatchObject({ id: 2, groupId: 5 });
    const rejected = index.nearestBoth(near, {
      namedLimit: 0.5,
      unnamedLimit: 5,
      excluded: new Set([10]),
    });
    expect(rejected.named).toBeUndefined();
    index.remove(1);
    expect(index.nearestBoth(near, { namedLimit: 10, unnamedLimit: 0 }).named?.id).toBe(3);
    expect(index.descriptor(3)).toEqual(vector(3));
    expect(index.size).toBe(2);
  });
});
