// Resampling for the learned models' inputs and outputs, with pixel centres aligned: output pixel
// x reads input position (x + 0.5) · src/dst − 0.5, on both ways (sharp's enlargement sits half a
// pixel off, upscale.ts). A reduction stretches the kernel (antialiased). Images here are
// interleaved floats with `c` channels; edges repeat.

export type Kernel = 'linear' | 'lanczos3';

const KERNELS: Record<Kernel, { f: (x: number) => number; support: number }> = {
  linear: { f: (x) => Math.max(0, 1 - Math.abs(x)), support: 1 },
  lanczos3: {
    f: (x) => {
      const a = Math.abs(x);
      if (a < 1e-9) return 1;
      if (a >= 3) return 0;
      const p = Math.PI * a;
      return (3 * Math.sin(p) * Math.sin(p / 3)) / (p * p);
    },
    support: 3,
  },
};

interface AxisTaps {
  first: Int32Array;
  count: number;
  weights: Float32Array;
}

/** For each of `dst` outputs along an axis of `src`, the first input read and `count` weights (indices clamped later). */
function axisTaps(src: number, dst: number, kernel: Kernel): AxisTaps {
  const { f, support } = KERNELS[kernel];
  const ratio = src / dst;
  const stretch = Math.max(1, ratio);
  const count = Math.ceil(support * stretch) * 2 + 1;
  const first = new Int32Array(dst);
  const weights = new Float32Array(dst * count);
  for (let x = 0; x < dst; x++) {
    const centre = (x + 0.5) * ratio - 0.5;
    const start = Math.floor(centre) - (count - 1) / 2;
    first[x] = start;
    let sum = 0;
    for (let t = 0; t < count; t++) {
      const w = f((start + t - centre) / stretch);
      weights[x * count + t] = w;
      sum += w;
    }
    for (let t = 0; t < count; t++) weights[x * count + t]! /= sum || 1;
  }
  return { first, count, weights };
}

const clamp = (i: number, n: number): number => (i < 0 ? 0 : i >= n ? n - 1 : i);

/** `src` (sw × sh, `c` channels) resampled to dw × dh. */
export function resample(src: Float32Array, sw: number, sh: number, c: number, dw: number, dh: number, kernel: Kernel = 'linear'): Float32Array {
  if (sw === dw && sh === dh) return src.slice();
  const tx = axisTaps(sw, dw, kernel);
  const wide = new Float32Array(dw * sh * c);
  for (let y = 0; y < sh; y++) {
    const row = y * sw;
    for (let x = 0; x < dw; x++) {
      for (let k = 0; k < c; k++) {
        let v = 0;
        for (let t = 0; t < tx.count; t++) v += tx.weights[x * tx.count + t]! * src[(row + clamp(tx.first[x]! + t, sw)) * c + k]!;
        wide[(y * dw + x) * c + k] = v;
      }
    }
  }
  const ty = axisTaps(sh, dh, kernel);
  const out = new Float32Array(dw * dh * c);
  const rowLen = dw * c;
  for (let y = 0; y < dh; y++) {
    for (let t = 0; t < ty.count; t++) {
      const w = ty.weights[y * ty.count + t]!;
      if (w === 0) continue;
      const from = clamp(ty.first[y]! + t, sh) * rowLen;
      for (let i = 0; i < rowLen; i++) out[y * rowLen + i]! += w * wide[from + i]!;
    }
  }
  return out;
}

/**
 * A hole mask (1 = hole) at dw × dh, never smaller than it was: an output pixel is a hole when
 * any input pixel under it is (a thin stroke survives a reduction).
 */
export function resizeMaskCovering(mask: Uint8Array, sw: number, sh: number, dw: number, dh: number): Uint8Array {
  const out = new Uint8Array(dw * dh);
  const rx = sw / dw;
  const ry = sh / dh;
  for (let y = 0; y < dh; y++) {
    const y0 = Math.min(sh - 1, Math.floor(y * ry));
    const y1 = Math.max(y0 + 1, Math.min(sh, Math.ceil((y + 1) * ry)));
    for (let x = 0; x < dw; x++) {
      const x0 = Math.min(sw - 1, Math.floor(x * rx));
      const x1 = Math.max(x0 + 1, Math.min(sw, Math.ceil((x + 1) * rx)));
      let hole = 0;
      for (let yy = y0; yy < y1 && !hole; yy++) for (let xx = x0; xx < x1; xx++) if (mask[yy * sw + xx]) hole = 1;
      out[y * dw + x] = hole;
    }
  }
  return out;
}

/** `src` (w × h) placed at the top left of a pw × ph image whose other pixels repeat its last column and row. */
export function padRepeating(src: Float32Array, w: number, h: number, c: number, pw: number, ph: number): Float32Array {
  if (pw === w && ph === h) return src;
  const out = new Float32Array(pw * ph * c);
  for (let y = 0; y < ph; y++) {
    const from = Math.min(y, h - 1) * w;
    for (let x = 0; x < pw; x++) {
      const s = (from + Math.min(x, w - 1)) * c;
      for (let k = 0; k < c; k++) out[(y * pw + x) * c + k] = src[s + k]!;
    }
  }
  return out;
}
