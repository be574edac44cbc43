// A model file's inputs and outputs (names, element types, shapes), read from the ONNX protobuf
// without loading the model: the file is walked field by field and only the graph's input and
// output records (and the initializers' names) are read, every weight skipped by its length. A
// 200 MB LaMa export is inspected in milliseconds, so the worker can say at start what a file is.
// onnx-proto is CommonJS (protobufjs's generated code): its namespace is the default export.
import onnxProto from 'onnx-proto';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

const { onnx } = onnxProto;

export interface TensorIo {
  name: string;
  /** ORT's name for the element type ('float32', 'uint8', …), or 'type N' for another. */
  type: string;
  /** Each dimension's size, or its symbolic name ('height'), or '?' when the file gives neither. */
  dims: (number | string)[];
}

export interface GraphIo {
  inputs: TensorIo[];
  outputs: TensorIo[];
}

const TYPE_NAMES: Record<number, string> = { 1: 'float32', 2: 'uint8', 3: 'int8', 6: 'int32', 7: 'int64', 10: 'float16', 11: 'float64' };

// Field numbers (onnx.proto): ModelProto.graph; GraphProto.initializer, .input, .output; TensorProto.name.
const MODEL_GRAPH = 7;
const GRAPH_INITIALIZER = 5;
const GRAPH_INPUT = 11;
const GRAPH_OUTPUT = 12;
const TENSOR_NAME = 8;

/** Reads a file at positions, through a small window (weights are skipped, never read). */
class Window {
  private readonly buf = Buffer.allocUnsafe(64 * 1024);
  private start = 0;
  private end = 0;
  constructor(private readonly fd: number) {}

  byte(pos: number): number {
    if (pos < this.start || pos >= this.end) {
      this.start = pos;
      this.end = pos + readSync(this.fd, this.buf, 0, this.buf.length, pos);
      if (pos >= this.end) throw new Error('the file ends inside a protobuf field');
    }
    return this.buf[pos - this.start]!;
  }

  bytes(pos: number, length: number): Buffer {
    const out = Buffer.allocUnsafe(length);
    if (readSync(this.fd, out, 0, length, pos) !== length) throw new Error('the file ends inside a protobuf field');
    return out;
  }
}

interface Field {
  number: number;
  wire: number;
  /** Where the value starts, and its length (for length-delimited fields). */
  at: number;
  length: number;
  next: number;
}

function varint(w: Window, pos: number): { value: number; next: number } {
  let value = 0;
  let scale = 1;
  for (let i = 0; i < 10; i++) {
    const b = w.byte(pos + i);
    value += (b & 0x7f) * scale;
    if (b < 0x80) return { value, next: pos + i + 1 };
    scale *= 128;
  }
  throw new Error('a protobuf varint is too long');
}

/** The field starting at `pos` (its value not read unless it is a varint). */
function field(w: Window, pos: number): Field {
  const tag = varint(w, pos);
  const number = Math.floor(tag.value / 8);
  const wire = tag.value % 8;
  if (wire === 0) {
    const v = varint(w, tag.next);
    return { number, wire, at: tag.next, length: v.next - tag.next, next: v.next };
  }
  if (wire === 1 || wire === 5) return { number, wire, at: tag.next, length: wire === 1 ? 8 : 4, next: tag.next + (wire === 1 ? 8 : 4) };
  if (wire !== 2) throw new Error(`unexpected protobuf wire type ${wire}`);
  const len = varint(w, tag.next);
  return { number, wire, at: len.next, length: len.value, next: len.next + len.value };
}

/** Every field of the message spanning [from, to). */
function* fields(w: Window, from: number, to: number): Generator<Field> {
  for (let pos = from; pos < to;) {
    const f = field(w, pos);
    if (f.next > to) throw new Error('a protobuf field runs past its message');
    yield f;
    pos = f.next;
  }
}

/** The first length-delimited field numbered `number`, reading no further. */
function find(all: Iterable<Field>, number: number): Field | undefined {
  for (const f of all) if (f.number === number && f.wire === 2) return f;
  return undefined;
}

const dimOf = (d: onnxProto.onnx.TensorShapeProto.IDimension): number | string => {
  if (d.dimParam) return d.dimParam;
  if (d.dimValue !== undefined && d.dimValue !== null) return Number(d.dimValue.toString());
  return '?';
};

function tensorIo(bytes: Buffer): TensorIo {
  const value = onnx.ValueInfoProto.decode(bytes);
  const tensor = value.type?.tensorType;
  const elem = tensor?.elemType ?? 0;
  return { name: value.name ?? '', type: TYPE_NAMES[elem] ?? `type ${elem}`, dims: (tensor?.shape?.dim ?? []).map(dimOf) };
}

/** The graph's inputs (initializers listed as inputs, as old exports do, left out) and outputs. */
export function readGraphIo(path: string): GraphIo {
  const fd = openSync(path, 'r');
  try {
    const w = new Window(fd);
    const graph = find(fields(w, 0, fstatSync(fd).size), MODEL_GRAPH);
    if (!graph) throw new Error('it holds no ONNX graph');
    const inputs: TensorIo[] = [];
    const outputs: TensorIo[] = [];
    const initializers = new Set<string>();
    for (const f of fields(w, graph.at, graph.at + graph.length)) {
      if (f.wire !== 2) continue;
      if (f.number === GRAPH_INPUT) inputs.push(tensorIo(w.bytes(f.at, f.length)));
      else if (f.number === GRAPH_OUTPUT) outputs.push(tensorIo(w.bytes(f.at, f.length)));
      else if (f.number === GRAPH_INITIALIZER) {
        const name = find(fields(w, f.at, f.at + f.length), TENSOR_NAME);
        if (name) initializers.add(w.bytes(name.at, name.length).toString('utf8'));
      }
    }
    return { inputs: inputs.filter((i) => !initializers.has(i.name)), outputs };
  } finally {
    closeSync(fd);
  }
}
