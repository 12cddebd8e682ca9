import { test } from "node:test";
import assert from "node:assert/strict";
import {
  assignKeyToParallelOperator, assignToKeyGroup, computeDefaultMaxParallelism, computeOperatorIndexForKeyGroup, javaHashCode, murmurHash,
} from "../../src/index.js";

test("javaHashCode follows Java's hashCode per key type", () => {
  assert.equal(javaHashCode("a"), 97);
  assert.equal(javaHashCode(""), 0);
  assert.equal(javaHashCode("hello"), 99162322); // "hello".hashCode()
  assert.equal(javaHashCode("polygenelubricants"), -2147483648); // overflows to Integer.MIN_VALUE
  assert.equal(javaHashCode(42), 42); // Integer
  assert.equal(javaHashCode(-7), -7);
  assert.equal(javaHashCode(4294967296), 1); // Long 2^32: (int)(v ^ v >>> 32)
  assert.equal(javaHashCode(3000000000), -1294967296); // Long, low word only
  assert.equal(javaHashCode(3000000000n), -1294967296);
  assert.equal(javaHashCode(-1n), 0); // Long -1
  assert.equal(javaHashCode(1.5), 1073217536); // Double: bits 0x3FF8000000000000
  assert.equal(javaHashCode(true), 1231);
  assert.equal(javaHashCode(false), 1237);
  assert.equal(javaHashCode(["a", 1]), 31 * 97 + 1); // Tuple2.hashCode
  assert.equal(javaHashCode([["a"], 2]), 31 * 97 + 2); // nested Tuple1
  assert.equal(javaHashCode(new Date(4294967296)), 1); // java.util.Date: like Long of the millis
});

test("murmurHash is Flink's MathUtils.murmurHash (murmur3_32 of the int, seed 0, made non-negative)", () => {
  // murmur3_32 test vectors for the 4 little-endian bytes of the int.
  assert.equal(murmurHash(0), 0x2362f9de);
  assert.equal(murmurHash(-1), 0x76293b50);
  // 0x87654321 hashes to 0xF55B516B, negative as an int: Flink returns its negation.
  assert.equal(murmurHash(0x87654321 | 0), 0x100000000 - 0xf55b516b);
});

test("key groups and subtasks as KeyGroupRangeAssignment computes them", () => {
  assert.equal(computeDefaultMaxParallelism(1), 128);
  assert.equal(computeDefaultMaxParallelism(85), 128);
  assert.equal(computeDefaultMaxParallelism(86), 256);
  assert.equal(computeOperatorIndexForKeyGroup(128, 2, 63), 0);
  assert.equal(computeOperatorIndexForKeyGroup(128, 2, 64), 1);
  assert.equal(computeOperatorIndexForKeyGroup(128, 3, 127), 2);
  assert.equal(assignToKeyGroup("a", 128), murmurHash(97) % 128);
  assert.equal(assignToKeyGroup("a", 128), 81);
});

test("the seed-003 coGroup keys land on the subtasks Flink printed (1> for 1,2,3,4,6; 2> for 5)", () => {
  const subtasks = ["1", "2", "3", "4", "5", "6"].map((k) => assignKeyToParallelOperator(k, 128, 2) + 1);
  assert.deepEqual(subtasks, [1, 1, 1, 1, 2, 1]);
});
