// One crop through a learned inpainter, as its family wants it (families.ts), back as the crop's
// RGB fill (floats 0..255, the crop's size).
// - LaMa: the crop is resized to the export's fixed size (512², the side it works at) keeping its
//   proportions, the rest of the square repeating the crop's edge, or, for an export with free
//   height and width, kept at most 1024 px on its longer side and padded to a multiple of 8 (its
//   downsamplings). Image in 0..1, mask 1 = hole (a hole never shrinks in the resize). The output
//   passes the known pixels through, so its scale (0..1 or 0..255) is read off them.
// - MI-GAN's pipeline takes the crop as it is (it crops and resizes to 512 inside): uint8 RGB,
//   mask 255 = known, 0 = hole.
import type { Tensor } from 'onnxruntime-node';
import type { InpainterKind } from './families.js';
import { padRepeating, resample, resizeMaskCovering } from './resample.js';
import type { ModelSession } from './session.js';

/** A dynamic LaMa export sees a crop at most this long (its memory grows with the area). */
export const MAX_DYNAMIC_SIDE = 1024;
/** Its sides are padded to a multiple of this (three halvings). */
const PAD_TO = 8;

export interface CropPixels {
  /** Interleaved RGB 0..255 as floats. */
  rgb: Float32Array;
  /** 1 = hole. */
  hole: Uint8Array;
  width: number;
  height: number;
}

export function fillCrop(session: ModelSession, kind: InpainterKind, crop: CropPixels): Promise<Float32Array> {
  return kind.family === 'lama' ? fillWithLama(session, kind, crop) : fillWithMigan(session, kind, crop);
}

/** The size the model sees the crop at (inside its input), and its input's size. */
function lamaSizes(kind: InpainterKind, w: number, h: number): { sw: number; sh: number; mw: number; mh: number } {
  if (kind.fixed) {
    const f = Math.min(kind.fixed.width / w, kind.fixed.height / h);
    const sw = Math.min(kind.fixed.width, Math.max(1, Math.round(w * f)));
    const sh = Math.min(kind.fixed.height, Math.max(1, Math.round(h * f)));
    return { sw, sh, mw: kind.fixed.width, mh: kind.fixed.height };
  }
  const f = Math.min(1, MAX_DYNAMIC_SIDE / Math.max(w, h));
  const sw = Math.max(1, Math.round(w * f));
  const sh = Math.max(1, Math.round(h * f));
  return { sw, sh, mw: Math.ceil(sw / PAD_TO) * PAD_TO, mh: Math.ceil(sh / PAD_TO) * PAD_TO };
}

const planar = (interleaved: Float32Array, n: number, c: number, scale: number): Float32Array => {
  const out = new Float32Array(n * c);
  for (let i = 0; i < n; i++) for (let k = 0; k < c; k++) out[k * n + i] = interleaved[i * c + k]! * scale;
  return out;
};

async function fillWithLama(session: ModelSession, kind: InpainterKind, crop: CropPixels): Promise<Float32Array> {
  const { ort } = session;
  const { width: w, height: h } = crop;
  const { sw, sh, mw, mh } = lamaSizes(kind, w, h);
  const n = mw * mh;
  const image = planar(padRepeating(resample(crop.rgb, w, h, 3, sw, sh), sw, sh, 3, mw, mh), n, 3, 1 / 255);
  const hole = resizeMaskCovering(crop.hole, w, h, sw, sh);
  const mask = new Float32Array(n);
  for (let y = 0; y < sh; y++) for (let x = 0; x < sw; x++) mask[y * mw + x] = hole[y * sw + x]!;
  const feeds: Record<string, Tensor> = {
    [kind.image]: new ort.Tensor('float32', image, [1, 3, mh, mw]),
    [kind.mask]: new ort.Tensor('float32', mask, [1, 1, mh, mw]),
  };
  const small = await session.run(feeds, kind.output, (out) => {
    const data = out.data as Float32Array;
    if (data.length !== 3 * n) throw new Error(`the inpainter answered ${out.dims.join('×')} for a 1×3×${mh}×${mw} image`);
    const unit = outputScale(image, mask, data, n);
    // The part of the output that is the crop, interleaved, 0..255.
    const rgb = new Float32Array(sw * sh * 3);
    for (let y = 0; y < sh; y++) for (let x = 0; x < sw; x++) for (let k = 0; k < 3; k++) rgb[(y * sw + x) * 3 + k] = data[k * n + y * mw + x]! * unit;
    return rgb;
  });
  return resample(small, sw, sh, 3, w, h);
}

/**
 * What turns the output into 0..255: 1 when it is already (the Carve export), 255 when it is in
 * 0..1 (LaMa's own scale). LaMa passes the known pixels through, so their ratio to the input
 * (a least-squares fit) says which; a black surround says nothing, and the published scale holds.
 */
export function outputScale(input: Float32Array, mask: Float32Array, output: ArrayLike<number>, n: number): number {
  let io = 0;
  let ii = 0;
  for (let k = 0; k < 3; k++) {
    for (let i = 0; i < n; i++) {
      if (mask[i]) continue;
      io += input[k * n + i]! * output[k * n + i]!;
      ii += input[k * n + i]! ** 2;
    }
  }
  if (ii < 1e-3 * n) return 1;
  // 16 is between 1 and 255 on a log scale.
  return io / ii > 16 ? 1 : 255;
}

async function fillWithMigan(session: ModelSession, kind: InpainterKind, crop: CropPixels): Promise<Float32Array> {
  const { ort } = session;
  const { width: w, height: h } = crop;
  const n = w * h;
  const image = new Uint8Array(3 * n);
  const mask = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < 3; k++) image[k * n + i] = Math.round(crop.rgb[i * 3 + k]!);
    mask[i] = crop.hole[i] ? 0 : 255;
  }
  const feeds: Record<string, Tensor> = {
    [kind.image]: new ort.Tensor('uint8', image, [1, 3, h, w]),
    [kind.mask]: new ort.Tensor('uint8', mask, [1, 1, h, w]),
  };
  return session.run(feeds, kind.output, (out) => {
    const data = out.data as Uint8Array;
    if (data.length !== 3 * n) throw new Error(`the inpainter answered ${out.dims.join('×')} for a 1×3×${h}×${w} image`);
    const rgb = new Float32Array(3 * n);
    for (let i = 0; i < n; i++) for (let k = 0; k < 3; k++) rgb[i * 3 + k] = data[k * n + i]!;
    return rgb;
  });
}
