/** Registers of the visitor sketches (source.ts): 2^11. */
const M = 2048;
const ALPHA = 0.7213 / (1 + 1.079 / M);

/**
 * Unique visitors over many days: the union of the days' HyperLogLog sketches (register-wise
 * maximum), estimated as HyperLogLog does, with linear counting while registers are mostly empty.
 * Sketches are sparse: 3 bytes per register, index in the top 11 bits, rank in the low 8.
 */
export function estimateVisitors(sketches: readonly (Uint8Array | null)[]): number {
  const registers = new Uint8Array(M);
  for (const sketch of sketches) {
    if (!sketch) continue;
    for (let i = 0; i + 2 < sketch.length; i += 3) {
      const idx = (sketch[i]! << 8) | sketch[i + 1]!;
      const rho = sketch[i + 2]!;
      if (rho > registers[idx]!) registers[idx] = rho;
    }
  }
  let sum = 0;
  let zeros = 0;
  for (const r of registers) {
    sum += 2 ** -r;
    if (r === 0) zeros++;
  }
  const raw = (ALPHA * M * M) / sum;
  return Math.round(raw <= 2.5 * M && zeros > 0 ? M * Math.log(M / zeros) : raw);
}
