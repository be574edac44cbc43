// Pictures the self-hosted engine mocks (comfyui-mock.ts, sd-webui-mock.ts) "generate": a
// diagonal gradient with rings whose colours follow the seed and the picture's place in the
// batch, and, for each step, that picture as it forms — blurred and noisy at first, sharper at
// each step — so consecutive previews differ as a real sampler's do.
import sharp from 'sharp';

const hueRgb = (h: number, s: number, l: number): [number, number, number] => {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
};

/** The finished picture (raw RGB) for a seed and batch index. */
export function pictureRaw(width: number, height: number, seed: number, index = 0): Buffer {
  const hue = (seed * 47 + index * 97) % 360;
  const [r1, g1, b1] = hueRgb(hue, 0.7, 0.55);
  const [r2, g2, b2] = hueRgb((hue + 150) % 360, 0.6, 0.35);
  const raw = Buffer.alloc(width * height * 3);
  const cx = width * (0.3 + ((seed >> 3) % 40) / 100);
  const cy = height * 0.45;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      const ring = Math.sin(Math.hypot(x - cx, y - cy) / (Math.min(width, height) / 24)) > 0.6 ? 40 : 0;
      const i = (y * width + x) * 3;
      raw[i] = Math.min(255, r1 + (r2 - r1) * t + ring);
      raw[i + 1] = Math.min(255, g1 + (g2 - g1) * t + ring);
      raw[i + 2] = Math.min(255, b1 + (b2 - b1) * t + ring);
    }
  }
  return raw;
}

/** The finished picture as a PNG. */
export function picturePng(width: number, height: number, seed: number, index = 0): Promise<Buffer> {
  return sharp(pictureRaw(width, height, seed, index), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/**
 * The picture at `step` of `steps` (1-based) as JPEG or PNG bytes at `scale` of its size: heavily
 * blurred and noisy at step 1, the finished picture at the last step.
 */
export async function formingPicture(width: number, height: number, seed: number, step: number, steps: number, format: 'jpeg' | 'png' = 'jpeg', scale = 0.25): Promise<Buffer> {
  const w = Math.max(8, Math.round(width * scale));
  const h = Math.max(8, Math.round(height * scale));
  const left = Math.max(0, steps - step) / steps;
  const base = pictureRaw(w, h, seed);
  // Noise fades as the steps go: each step's picture is its own.
  let state = (seed ^ (step * 2654435761)) >>> 0;
  for (let i = 0; i < base.length; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    base[i] = Math.max(0, Math.min(255, base[i]! + ((state >>> 24) - 128) * left));
  }
  const img = sharp(base, { raw: { width: w, height: h, channels: 3 } });
  const blurred = left > 0 ? img.blur(0.3 + left * Math.min(w, h) * 0.08) : img;
  return format === 'png' ? blurred.png().toBuffer() : blurred.jpeg({ quality: 80 }).toBuffer();
}
