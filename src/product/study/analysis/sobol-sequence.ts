/**
 * The Sobol' low-discrepancy sequence (Sobol' 1967) in base 2, with the direction numbers of
 * Joe & Kuo (2008), in Gray-code order (Antonov & Saleev 1979), 32 bits per coordinate, and an
 * optional random digital shift. Sobol' indices need well-spread A and B matrices (Saltelli 2002;
 * Saltelli et al. 2010), and a (t, m, s)-net's stratification is what makes N = 2^m points spread
 * well. Pure and deterministic, with 32-bit integer arithmetic only (XOR and unsigned shifts), so
 * workflow code gets bit-identical points on every replay.
 *
 * - I. M. Sobol', On the distribution of points in a cube and the approximate evaluation of
 *   integrals, USSR Comput. Math. Math. Phys. 7(4), 86–112 (1967).
 * - S. Joe and F. Y. Kuo, Constructing Sobol sequences with better two-dimensional projections,
 *   SIAM J. Sci. Comput. 30, 2635–2654 (2008).
 */
import { mulberry32 } from '../../../common/seeded-random.js';

/**
 * Joe & Kuo's direction numbers, the file `new-joe-kuo-6.21201` (search criterion D(6), up to
 * 21201 dimensions) published at https://web.maths.unsw.edu.au/~fkuo/sobol/ — its rows for
 * dimensions 2 to 128, as published: `d s a m_1 … m_s`, where s is the degree of the primitive
 * polynomial x^s + c_1 x^(s−1) + … + c_(s−1) x + 1 over GF(2), a holds its inner coefficients
 * c_1 … c_(s−1) as bits (c_1 the highest), and m_1 … m_s are the initial direction numbers (odd,
 * m_i < 2^i). Dimension 1 is not listed: it is van der Corput's sequence (every m_i = 1).
 * Mathematical data, copied row for row; the test of this module checks the rows' invariants.
 */
const JOE_KUO_6_21201 = `
2 1 0 1
3 2 1 1 3
4 3 1 1 3 1
5 3 2 1 1 1
6 4 1 1 1 3 3
7 4 4 1 3 5 13
8 5 2 1 1 5 5 17
9 5 4 1 1 5 5 5
10 5 7 1 1 7 11 19
11 5 11 1 1 5 1 1
12 5 13 1 1 1 3 11
13 5 14 1 3 5 5 31
14 6 1 1 3 3 9 7 49
15 6 13 1 1 1 15 21 21
16 6 16 1 3 1 13 27 49
17 6 19 1 1 1 15 7 5
18 6 22 1 3 1 15 13 25
19 6 25 1 1 5 5 19 61
20 7 1 1 3 7 11 23 15 103
21 7 4 1 3 7 13 13 15 69
22 7 7 1 1 3 13 7 35 63
23 7 8 1 3 5 9 1 25 53
24 7 14 1 3 1 13 9 35 107
25 7 19 1 3 1 5 27 61 31
26 7 21 1 1 5 11 19 41 61
27 7 28 1 3 5 3 3 13 69
28 7 31 1 1 7 13 1 19 1
29 7 32 1 3 7 5 13 19 59
30 7 37 1 1 3 9 25 29 41
31 7 41 1 3 5 13 23 1 55
32 7 42 1 3 7 3 13 59 17
33 7 50 1 3 1 3 5 53 69
34 7 55 1 1 5 5 23 33 13
35 7 56 1 1 7 7 1 61 123
36 7 59 1 1 7 9 13 61 49
37 7 62 1 3 3 5 3 55 33
38 8 14 1 3 1 15 31 13 49 245
39 8 21 1 3 5 15 31 59 63 97
40 8 22 1 3 1 11 11 11 77 249
41 8 38 1 3 1 11 27 43 71 9
42 8 47 1 1 7 15 21 11 81 45
43 8 49 1 3 7 3 25 31 65 79
44 8 50 1 3 1 1 19 11 3 205
45 8 52 1 1 5 9 19 21 29 157
46 8 56 1 3 7 11 1 33 89 185
47 8 67 1 3 3 3 15 9 79 71
48 8 70 1 3 7 11 15 39 119 27
49 8 84 1 1 3 1 11 31 97 225
50 8 97 1 1 1 3 23 43 57 177
51 8 103 1 3 7 7 17 17 37 71
52 8 115 1 3 1 5 27 63 123 213
53 8 122 1 1 3 5 11 43 53 133
54 9 8 1 3 5 5 29 17 47 173 479
55 9 13 1 3 3 11 3 1 109 9 69
56 9 16 1 1 1 5 17 39 23 5 343
57 9 22 1 3 1 5 25 15 31 103 499
58 9 25 1 1 1 11 11 17 63 105 183
59 9 44 1 1 5 11 9 29 97 231 363
60 9 47 1 1 5 15 19 45 41 7 383
61 9 52 1 3 7 7 31 19 83 137 221
62 9 55 1 1 1 3 23 15 111 223 83
63 9 59 1 1 5 13 31 15 55 25 161
64 9 62 1 1 3 13 25 47 39 87 257
65 9 67 1 1 1 11 21 53 125 249 293
66 9 74 1 1 7 11 11 7 57 79 323
67 9 81 1 1 5 5 17 13 81 3 131
68 9 82 1 1 7 13 23 7 65 251 475
69 9 87 1 3 5 1 9 43 3 149 11
70 9 91 1 1 3 13 31 13 13 255 487
71 9 94 1 3 3 1 5 63 89 91 127
72 9 103 1 1 3 3 1 19 123 127 237
73 9 104 1 1 5 7 23 31 37 243 289
74 9 109 1 1 5 11 17 53 117 183 491
75 9 122 1 1 1 5 1 13 13 209 345
76 9 124 1 1 3 15 1 57 115 7 33
77 9 137 1 3 1 11 7 43 81 207 175
78 9 138 1 3 1 1 15 27 63 255 49
79 9 143 1 3 5 3 27 61 105 171 305
80 9 145 1 1 5 3 1 3 57 249 149
81 9 152 1 1 3 5 5 57 15 13 159
82 9 157 1 1 1 11 7 11 105 141 225
83 9 167 1 3 3 5 27 59 121 101 271
84 9 173 1 3 5 9 11 49 51 59 115
85 9 176 1 1 7 1 23 45 125 71 419
86 9 181 1 1 3 5 23 5 105 109 75
87 9 182 1 1 7 15 7 11 67 121 453
88 9 185 1 3 7 3 9 13 31 27 449
89 9 191 1 3 1 15 19 39 39 89 15
90 9 194 1 1 1 1 1 33 73 145 379
91 9 199 1 3 1 15 15 43 29 13 483
92 9 218 1 1 7 3 19 27 85 131 431
93 9 220 1 3 3 3 5 35 23 195 349
94 9 227 1 3 3 7 9 27 39 59 297
95 9 229 1 1 3 9 11 17 13 241 157
96 9 230 1 3 7 15 25 57 33 189 213
97 9 234 1 1 7 1 9 55 73 83 217
98 9 236 1 3 3 13 19 27 23 113 249
99 9 241 1 3 5 3 23 43 3 253 479
100 9 244 1 1 5 5 11 5 45 117 217
101 9 253 1 3 3 7 29 37 33 123 147
102 10 4 1 3 1 15 5 5 37 227 223 459
103 10 13 1 1 7 5 5 39 63 255 135 487
104 10 19 1 3 1 7 9 7 87 249 217 599
105 10 22 1 1 3 13 9 47 7 225 363 247
106 10 50 1 3 7 13 19 13 9 67 9 737
107 10 55 1 3 5 5 19 59 7 41 319 677
108 10 64 1 1 5 3 31 63 15 43 207 789
109 10 69 1 1 7 9 13 39 3 47 497 169
110 10 98 1 3 1 7 21 17 97 19 415 905
111 10 107 1 3 7 1 3 31 71 111 165 127
112 10 115 1 1 5 11 1 61 83 119 203 847
113 10 121 1 3 3 13 9 61 19 97 47 35
114 10 127 1 1 7 7 15 29 63 95 417 469
115 10 134 1 3 1 9 25 9 71 57 213 385
116 10 140 1 3 5 13 31 47 101 57 39 341
117 10 145 1 1 3 3 31 57 125 173 365 551
118 10 152 1 3 7 1 13 57 67 157 451 707
119 10 158 1 1 1 7 21 13 105 89 429 965
120 10 161 1 1 5 9 17 51 45 119 157 141
121 10 171 1 3 7 7 13 45 91 9 129 741
122 10 181 1 3 7 1 23 57 67 141 151 571
123 10 194 1 1 3 11 17 47 93 107 375 157
124 10 199 1 3 3 5 11 21 43 51 169 915
125 10 203 1 1 5 3 15 55 101 67 455 625
126 10 208 1 3 5 9 1 23 29 47 345 595
127 10 227 1 3 7 7 5 49 29 155 323 589
128 10 242 1 3 3 7 5 41 127 61 261 717
`;

/** Bits per coordinate: the sequence has 2^32 points before it repeats. */
const BITS = 32;
const TWO_32 = 4294967296;

/** The number of dimensions the embedded table supports. */
export const SOBOL_MAX_DIMENSIONS = 128;

/**
 * Direction numbers v_1 … v_32 of one dimension, scaled by 2^32 (v_j = m_j / 2^j), from the
 * recurrence of Bratley & Fox (1988) as Joe & Kuo (2003, 2008) state it:
 * v_j = c_1 v_(j−1) ⊕ … ⊕ c_(s−1) v_(j−s+1) ⊕ v_(j−s) ⊕ (v_(j−s) ≫ s).
 */
function directionNumbers(s: number, a: number, m: readonly number[]): number[] {
  const v = new Array<number>(BITS);
  for (let j = 0; j < BITS; j++) {
    if (j < s) {
      v[j] = (m[j] << (BITS - 1 - j)) >>> 0;
      continue;
    }
    let x = v[j - s] ^ (v[j - s] >>> s);
    for (let k = 1; k < s; k++) if ((a >>> (s - 1 - k)) & 1) x ^= v[j - k];
    v[j] = x >>> 0;
  }
  return v;
}

/** The rows of the table as numbers: [d, s, a, m_1, …, m_s]. */
export function joeKuoRows(): number[][] {
  return JOE_KUO_6_21201.trim().split('\n').map((line) => line.trim().split(/\s+/).map(Number));
}

/** Every dimension's direction numbers, built once at load (dimension 1: every m_i = 1). */
const DIRECTIONS: readonly (readonly number[])[] = Object.freeze([
  directionNumbers(BITS, 0, new Array<number>(BITS).fill(1)),
  ...joeKuoRows().map(([, s, a, ...m]) => directionNumbers(s, a, m)),
]);

/** The index (from 0) of the lowest zero bit of n: the direction number Gray-code order flips after point n. */
function lowestZeroBit(n: number): number {
  const bit = ~n & (n + 1);
  return 31 - Math.clz32(bit);
}

/** The 32-bit word of point `index` in one dimension, straight from its Gray code g = index ⊕ (index ≫ 1). */
function wordAt(v: readonly number[], index: number): number {
  let gray = (index ^ (index >>> 1)) >>> 0;
  let x = 0;
  for (let j = 0; gray !== 0; j++, gray >>>= 1) if (gray & 1) x ^= v[j];
  return x >>> 0;
}

/**
 * `count` points of the `dimensions`-dimensional Sobol' sequence in [0, 1)^dimensions, from point
 * `skip` on (0 when omitted; point 0 is the origin when unshifted), in Gray-code order: point
 * n + 1 is point n with one direction number XORed in. Gray-code order visits the same set as
 * natural order in every block of 2^m points starting at a multiple of 2^m, so the first 2^m
 * points are a (t, m, s)-net and each coordinate alone a (0, m, 1)-net: every interval
 * [j/2^m, (j+1)/2^m) holds exactly one point.
 *
 * `shift`, when given, seeds a random digital shift: each dimension's 32-bit words are XORed
 * with one word drawn from mulberry32(shift) (dimension 1 first). XOR with a constant maps each
 * elementary interval of a dimension onto another one, so the shifted points keep the net's
 * stratification, and their coordinates are uniform on [0, 1) (at 32-bit resolution) instead of
 * starting at the origin. Omitted: the unscrambled sequence.
 */
export function sobolPoints(dimensions: number, count: number, options: { skip?: number; shift?: number } = {}): number[][] {
  const skip = options.skip ?? 0;
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > SOBOL_MAX_DIMENSIONS) {
    throw new RangeError(`Sobol' sequence: dimensions must be a whole number from 1 to ${SOBOL_MAX_DIMENSIONS}, got ${dimensions}`);
  }
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`Sobol' sequence: count must be a whole number ≥ 0, got ${count}`);
  if (!Number.isInteger(skip) || skip < 0) throw new RangeError(`Sobol' sequence: skip must be a whole number ≥ 0, got ${skip}`);
  if (skip + count > TWO_32) throw new RangeError(`Sobol' sequence: it has 2^${BITS} points, and points ${skip} to ${skip + count - 1} were asked for`);
  if (options.shift !== undefined && !Number.isFinite(options.shift)) throw new RangeError(`Sobol' sequence: shift must be a finite seed, got ${options.shift}`);

  const directions = DIRECTIONS.slice(0, dimensions);
  let shifts: number[];
  if (options.shift === undefined) shifts = new Array<number>(dimensions).fill(0);
  else {
    const random = mulberry32(options.shift);
    // mulberry32 answers a 32-bit word divided by 2^32: multiplying back is exact.
    shifts = directions.map(() => (random() * TWO_32) >>> 0);
  }
  const words = directions.map((v) => wordAt(v, skip));
  const points: number[][] = [];
  for (let n = skip; n < skip + count; n++) {
    points.push(words.map((word, d) => ((word ^ shifts[d]) >>> 0) / TWO_32));
    if (n + 1 < skip + count) {
      const j = lowestZeroBit(n);
      for (let d = 0; d < dimensions; d++) words[d] = (words[d] ^ directions[d][j]) >>> 0;
    }
  }
  return points;
}
