// Tiny ONNX models with the inputs, outputs, element types and ranks of the real learned-model
// exports (docs/learned-models.md, worker/models/learned/families.ts), whose outputs are known
// functions of their inputs, written with onnx-proto as worker/models/isnet-any-size.ts does.
// onnx-proto is CommonJS (protobufjs's generated code): its namespace is the default export.
import onnxProto from 'onnx-proto';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';

const { onnx } = onnxProto;
const FLOAT = onnx.TensorProto.DataType.FLOAT;
const UINT8 = onnx.TensorProto.DataType.UINT8;
const { STRING, INTS, INT } = onnx.AttributeProto.AttributeType;

type Dim = number | string;
const value = (name: string, type: number, dims: Dim[]) =>
  onnx.ValueInfoProto.create({ name, type: { tensorType: { elemType: type, shape: { dim: dims.map((d) => (typeof d === 'number' ? { dimValue: d } : { dimParam: d })) } } } });
const constant = (name: string, dims: number[], values: number[]) => onnx.TensorProto.create({ name, dims, dataType: FLOAT, floatData: values });
const node = (opType: string, input: string[], output: string, attribute: onnxProto.onnx.IAttributeProto[] = []) =>
  onnx.NodeProto.create({ opType, input, output: [output], name: output, attribute });
const text = (name: string, s: string) => onnx.AttributeProto.create({ name, type: STRING, s: Buffer.from(s) });
const int = (name: string, i: number) => onnx.AttributeProto.create({ name, type: INT, i });
const ints = (name: string, values: number[]) => onnx.AttributeProto.create({ name, type: INTS, ints: values });

function encode(graph: onnxProto.onnx.IGraphProto): Buffer {
  const model = onnx.ModelProto.create({ irVersion: 8, producerName: 'atelier-tests', opsetImport: [{ domain: '', version: 17 }], graph: onnx.GraphProto.create(graph) });
  return Buffer.from(onnx.ModelProto.encode(model).finish());
}

/** Writes the model and gives its path and SHA-256. */
export function writeModel(path: string, bytes: Buffer): { path: string; sha256: string } {
  writeFileSync(path, bytes);
  return { path, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/**
 * A LaMa-shaped inpainter: `image` float32 [1,3,H,W] in 0..1 and `mask` float32 [1,1,H,W] (1 =
 * hole) → `output` float32 [1,3,H,W]: the image where the mask is 0; where it is 1, `colour` (0..1
 * per channel) plus `imageGain` × the image there (so the image's scale shows in the fill); all
 * times `outputScale` (255 as Carve's export gives, or 1). `side` fixes H and W.
 */
export function lamaLike(opts: { colour: [number, number, number]; outputScale?: 1 | 255; side?: number; imageGain?: number }): Buffer {
  const dims: Dim[] = opts.side ? [opts.side, opts.side] : ['height', 'width'];
  return encode({
    name: 'lama-like',
    node: [
      node('Sub', ['one', 'mask'], 'keep'),
      node('Mul', ['image', 'keep'], 'kept'),
      node('Mul', ['image', 'gain'], 'seen'),
      node('Add', ['seen', 'colour'], 'fill'),
      node('Mul', ['mask', 'fill'], 'filled'),
      node('Add', ['kept', 'filled'], 'composed'),
      node('Mul', ['composed', 'scale'], 'output'),
    ],
    initializer: [
      constant('one', [1], [1]),
      constant('gain', [1], [opts.imageGain ?? 0]),
      constant('colour', [1, 3, 1, 1], opts.colour),
      constant('scale', [1], [opts.outputScale ?? 255]),
    ],
    input: [value('image', FLOAT, [1, 3, ...dims]), value('mask', FLOAT, [1, 1, ...dims])],
    output: [value('output', FLOAT, [1, 3, ...dims])],
  });
}

/**
 * An MI-GAN-pipeline-shaped inpainter: `image` uint8 [1,3,H,W] and `mask` uint8 [1,1,H,W] (255 =
 * known, 0 = hole) → `result` uint8 [1,3,H,W]: the image where known, `colour` (0..255) in the hole.
 */
export function miganLike(opts: { colour: [number, number, number] }): Buffer {
  return encode({
    name: 'migan-like',
    node: [
      node('Cast', ['image'], 'imageF', [int('to', FLOAT)]),
      node('Cast', ['mask'], 'maskF', [int('to', FLOAT)]),
      node('Div', ['maskF', 'byte'], 'known'),
      node('Mul', ['imageF', 'known'], 'kept'),
      node('Sub', ['one', 'known'], 'hole'),
      node('Mul', ['hole', 'colour'], 'filled'),
      node('Add', ['kept', 'filled'], 'composed'),
      node('Cast', ['composed'], 'result', [int('to', UINT8)]),
    ],
    initializer: [constant('one', [1], [1]), constant('byte', [1], [255]), constant('colour', [1, 3, 1, 1], opts.colour)],
    input: [value('image', UINT8, [1, 3, 'height', 'width']), value('mask', UINT8, [1, 1, 'height', 'width'])],
    output: [value('result', UINT8, [1, 3, 'height', 'width'])],
  });
}

/**
 * A Real-ESRGAN-shaped upscaler: `input` float32 [1,3,h,w] in 0..1 → `output` [1,3,s·h,s·w], a
 * Resize (nearest, or linear with centred pixels). `side` fixes h and w; `nhwc` takes [1,h,w,3];
 * `gain` multiplies the output (255: an output not in 0..1, which must be refused).
 */
export function resizeUpscaler(opts: { scale: number; mode: 'nearest' | 'linear'; side?: number; nhwc?: boolean; gain?: number }): Buffer {
  const s = opts.scale;
  const [h, w]: [Dim, Dim] = opts.side ? [opts.side, opts.side] : ['h', 'w'];
  const [H, W]: [Dim, Dim] = opts.side ? [opts.side * s, opts.side * s] : ['H', 'W'];
  const nodes = [
    ...(opts.nhwc ? [node('Transpose', ['input'], 'nchw', [ints('perm', [0, 3, 1, 2])])] : []),
    node('Resize', [opts.nhwc ? 'nchw' : 'input', '', 'scales'], 'resized', [text('mode', opts.mode)]),
    node('Mul', ['resized', 'gain'], opts.nhwc ? 'big' : 'output'),
    ...(opts.nhwc ? [node('Transpose', ['big'], 'output', [ints('perm', [0, 2, 3, 1])])] : []),
  ];
  return encode({
    name: 'resize-upscaler',
    node: nodes,
    initializer: [constant('scales', [4], [1, 1, s, s]), constant('gain', [1], [opts.gain ?? 1])],
    input: [value('input', FLOAT, opts.nhwc ? [1, h, w, 3] : [1, 3, h, w])],
    output: [value('output', FLOAT, opts.nhwc ? [1, H, W, 3] : [1, 3, H, W])],
  });
}
