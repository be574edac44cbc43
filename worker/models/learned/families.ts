// Which kind of model a file is, from its graph's inputs and outputs (graph-io.ts). The exports
// docs/learned-models.md lists, as their publishers describe them:
// - LaMa (Carve/LaMa-ONNX): `image` float32 [1,3,512,512] RGB in 0..1 and `mask` float32
//   [1,1,512,512], 1 = hole → `output` float32 [1,3,512,512] in 0..255 (LaMa's own result is in
//   0..1), the known pixels passed through. An export of another size, or with free height and
//   width, is the same family; whether its output is in 0..1 or 0..255 is read off the known
//   pixels at each run (inpaint-run.ts).
// - MI-GAN's ONNX pipeline (migan_pipeline_v2.onnx): `image` uint8 [1,3,H,W] RGB and `mask` uint8
//   [1,1,H,W], 255 = known and 0 = hole (binary) → `result` uint8 [1,3,H,W], any H and W: the
//   pipeline crops around the hole, resizes to 512 and blends back itself.
// - Real-ESRGAN exports: one float32 input [1,3,h,w] RGB in 0..1 → [1,3,s·h,s·w] in 0..1 (NHWC
//   exports, [1,h,w,3], too); a fixed h and w makes the tile size.
import type { GraphIo, TensorIo } from './graph-io.js';

export interface InpainterKind {
  family: 'lama' | 'migan';
  image: string;
  mask: string;
  output: string;
  /** A fixed input size (the LaMa export's 512×512), or null when height and width are free. */
  fixed: { width: number; height: number } | null;
}

export interface UpscalerKind {
  family: 'upscaler';
  input: string;
  output: string;
  layout: 'nchw' | 'nhwc';
  /** A fixed input size (tiles are then exactly this), or null. */
  fixed: { width: number; height: number } | null;
  /** The enlargement, when the shapes are fixed on both sides; otherwise found by a probing run. */
  scale: number | null;
}

export type Verdict<T> = { ok: true; kind: T } | { ok: false; reason: string };

/** A shape in words: "float32 [1,3,512,512]". */
export const describeTensor = (t: TensorIo): string => `${t.name}: ${t.type} [${t.dims.join(',')}]`;
const describeIo = (io: GraphIo): string => `inputs ${io.inputs.map(describeTensor).join('; ') || 'none'}; outputs ${io.outputs.map(describeTensor).join('; ') || 'none'}`;

const channels = (t: TensorIo): number | string | undefined => (t.dims.length === 4 ? t.dims[1] : undefined);
const fixedSize = (t: TensorIo): { width: number; height: number } | null =>
  typeof t.dims[2] === 'number' && typeof t.dims[3] === 'number' ? { width: t.dims[3], height: t.dims[2] } : null;

/** The input that is the picture and the one that is the mask: by their channels (3 and 1), else by their names. */
function imageAndMask(inputs: TensorIo[]): { image: TensorIo; mask: TensorIo } | null {
  if (inputs.length !== 2 || inputs.some((i) => i.dims.length !== 4)) return null;
  const image = inputs.find((i) => channels(i) === 3) ?? inputs.find((i) => /image|img/i.test(i.name));
  const mask = inputs.find((i) => i !== image && (channels(i) === 1 || /mask/i.test(i.name)));
  return image && mask ? { image, mask } : null;
}

export function inpainterKind(io: GraphIo): Verdict<InpainterKind> {
  const expected = 'an inpainter takes an image [1,3,H,W] and a mask [1,1,H,W], both float32 (LaMa) or both uint8 (MI-GAN), and gives an image [1,3,H,W]';
  const pair = imageAndMask(io.inputs);
  const output = io.outputs.find((o) => o.dims.length === 4 && (channels(o) === 3 || typeof channels(o) === 'string'));
  if (!pair || !output) return { ok: false, reason: `its graph is not an inpainter's (${describeIo(io)}): ${expected}` };
  const { image, mask } = pair;
  const family = image.type === 'float32' && mask.type === 'float32' ? 'lama' : image.type === 'uint8' && mask.type === 'uint8' ? 'migan' : null;
  if (!family || output.type !== image.type) return { ok: false, reason: `its inputs and output have types no known inpainter has (${describeIo(io)}): ${expected}` };
  const fixed = family === 'lama' ? fixedSize(image) : null;
  if (family === 'lama' && fixed && JSON.stringify(fixed) !== JSON.stringify(fixedSize(mask))) {
    return { ok: false, reason: `its image and mask inputs have different sizes (${describeIo(io)})` };
  }
  return { ok: true, kind: { family, image: image.name, mask: mask.name, output: output.name, fixed } };
}

export function upscalerKind(io: GraphIo): Verdict<UpscalerKind> {
  const expected = 'an upscaler takes one float32 image [1,3,h,w] (or [1,h,w,3]) and gives one [1,3,s·h,s·w]';
  const input = io.inputs[0];
  const output = io.outputs[0];
  if (io.inputs.length !== 1 || !input || !output || input.dims.length !== 4 || output.dims.length !== 4) {
    return { ok: false, reason: `its graph is not an upscaler's (${describeIo(io)}): ${expected}` };
  }
  if (input.type !== 'float32' || output.type !== 'float32') {
    return { ok: false, reason: `its input or output is not float32 (${describeIo(io)}): ${input.type === 'float16' ? 'use the fp32 export' : expected}` };
  }
  const layout = input.dims[1] === 3 ? 'nchw' : input.dims[3] === 3 ? 'nhwc' : null;
  if (!layout) return { ok: false, reason: `its input has no 3-channel axis (${describeIo(io)}): ${expected}` };
  const [hAt, wAt] = layout === 'nchw' ? [2, 3] : [1, 2];
  const size = (t: TensorIo) => (typeof t.dims[hAt] === 'number' && typeof t.dims[wAt] === 'number' ? { width: t.dims[wAt], height: t.dims[hAt] } : null);
  const fixed = size(input);
  const out = size(output);
  let scale: number | null = null;
  if (fixed && out) {
    scale = out.width / fixed.width;
    if (out.height / fixed.height !== scale) return { ok: false, reason: `it enlarges width and height differently (${describeIo(io)})` };
    if (!SCALES.includes(scale)) return { ok: false, reason: `it enlarges ${scale}×; the upscaler takes 2×, 4× or 8× models (${describeIo(io)})` };
  }
  return { ok: true, kind: { family: 'upscaler', input: input.name, output: output.name, layout, fixed, scale } };
}

/** The enlargements a model may make: the tool's 2× and 4× come from one or two passes, then an exact reduction (upscaler.ts). */
export const SCALES = [2, 4, 8];
