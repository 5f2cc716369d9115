// Console cells from real Arrow vectors (apache-arrow, as DuckDB-WASM hands them): HUGEINT arrives as a
// 128-bit Decimal of scale 0 (a SUM() of integers), DECIMAL with its scale. Words are little-endian 32-bit.
import { Decimal, makeData, makeVector } from "apache-arrow";
import { describe, expect, it } from "vitest";
import { cell, scaleOf } from "./console-cell";

/** One 128-bit value per entry of `values`, as four little-endian 32-bit words (two's complement). */
function decimals(values: bigint[], scale: number) {
  const words = new Uint32Array(values.length * 4);
  values.forEach((v, i) => {
    const u = BigInt.asUintN(128, v);
    for (let w = 0; w < 4; w++) words[i * 4 + w] = Number((u >> BigInt(32 * w)) & 0xffffffffn);
  });
  const type = new Decimal(scale, 38, 128);
  return { type, vector: makeVector(makeData({ type, length: values.length, nullCount: 0, data: words })) };
}

describe("console cells", () => {
  it("a HUGEINT (a SUM() of integers) is its number, not a quoted string", () => {
    const { vector, type } = decimals([123n, -5n, 0n], 0);
    expect([0, 1, 2].map((i) => cell(vector.get(i), scaleOf(type)))).toEqual([123, -5, 0]);
  });

  it("a HUGEINT past 2^53 keeps every digit as text", () => {
    // 2^100 = 1267650600228229401496703205376; -(2^64 + 1) = -18446744073709551617
    const { vector } = decimals([1n << 100n, -((1n << 64n) + 1n)], 0);
    expect(cell(vector.get(0))).toBe("1267650600228229401496703205376");
    expect(cell(vector.get(1))).toBe("-18446744073709551617");
  });

  it("a DECIMAL shows its scale: 12345 at scale 2 is 123.45, -7 at scale 3 is -0.007", () => {
    const { vector, type } = decimals([12345n, -7n], 2);
    expect(scaleOf(type)).toBe(2);
    expect(cell(vector.get(0), 2)).toBe(123.45);
    expect(cell(vector.get(1), 3)).toBe(-0.007);
  });

  it("plain values pass through; BIGINT becomes a number while exact", () => {
    expect(cell(42n)).toBe(42);
    expect(cell(2n ** 60n)).toBe("1152921504606846976");
    expect(cell("x")).toBe("x");
    expect(cell(null)).toBeNull();
    expect(cell(new Uint8Array(3))).toBe("<3 bytes>");
    expect(scaleOf("INTEGER")).toBe(0);
  });
});
