// Embedded, offline object detection for "remove an object by name": a CenterNet (MobileNetV3
// backbone, 80 COCO classes) shipped inside @vladmandic/human's package (models/centernet.json +
// .bin, 4 MB), run on TensorFlow.js with the WebAssembly backend. Nothing is fetched: the model
// and the .wasm binaries are read from node_modules.
//
// The model graph already decodes its own output: 3x3 max-pool peak picking on the class
// heatmaps, top 100 peaks, boxes from the size/offset head, all in the 512x512 input's pixels
// (output `tower_0/detections`: [1, 100, 6] = x1, y1, x2, y2, score, class). Here we only
//  - letterbox the image to 512x512 with sharp (aspect ratio kept, centred, grey 114 padding;
//    stretching instead costs a lot of accuracy: the cat in chelsea.png becomes a dog),
//  - feed RGB as float 0..255, as human does (scaled to 0..1 it sees nothing: scores ~0.01),
//  - map boxes back to the input's pixels, and
//  - run per-class non-maximum suppression (neighbouring peaks of one object survive the
//    graph's 3x3 max-pool: chelsea's cat comes out three times, 0.46, 0.42, 0.40).
//
// Works in the main thread, in worker_threads and under vitest. The WebAssembly backend in Node
// is single-threaded (tfjs disables its threads there) and `execute` is synchronous: one call
// blocks its thread for ~0.25–0.5 s (2 vCPUs), so servers should call it from a worker thread.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as tf from '@tensorflow/tfjs-core';
import { loadGraphModel, type GraphModel } from '@tensorflow/tfjs-converter';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import sharp from 'sharp';

export interface Detection {
  label: string;
  score: number;
  /** In the input image's pixels (integers, clipped to the image). */
  box: { x: number; y: number; width: number; height: number };
}

export interface DetectorImage {
  /** Interleaved 8-bit sRGB (RGB or RGBA), row-major. */
  data: Uint8Array;
  width: number;
  height: number;
  channels: 3 | 4;
}

export interface DetectOptions {
  /** Detections below this score are dropped. Default DEFAULT_MIN_SCORE. */
  minScore?: number;
}

export interface NamedObjects {
  /** The COCO classes the user's word means ([] when the word is unknown). */
  classes: string[];
  /** 'exact': detections of those classes; 'similar': of classes the detector confuses them with. */
  matchedAs: 'exact' | 'similar' | 'none';
  /** Best first. */
  detections: Detection[];
}

/**
 * Default threshold of detectObjects. Seen on the fixtures: the coffee cup 0.60, chelsea's cat
 * 0.46, cats pasted on grass or bricks 0.24–0.76, cups 0.14–0.43 (a white cup on bricks is
 * often "toilet"); the rocket photo's best spurious detection (boat/clock) scores 0.14, bare
 * brick walls give whole-frame "dog"/"bed" up to 0.26 at some scales.
 */
export const DEFAULT_MIN_SCORE = 0.2;
/** findNamedObjects: the user says the object is there, so an exact class may score lower. */
const NAMED_MIN_SCORE = 0.15;
/**
 * findNamedObjects: the detector often hesitates between classes for one object (a white cup
 * on bricks: toilet 0.32, cup 0.14). A weaker detection of the named class still counts when
 * another class is confident about (almost) the same box and the named class scores at least
 * SUPPORT_RATIO of it (chelsea's cat 0.46 does not make its "person" 0.11 one). Spurious
 * whole-frame detections on fine textures (a brick wall: "dog" 0.26) stay below the support score.
 */
const SUPPORTED_MIN_SCORE = 0.1;
const SUPPORT_MIN_SCORE = 0.3;
const SUPPORT_IOU = 0.7;
const SUPPORT_RATIO = 0.4;
/**
 * findNamedObjects: a box covering this much of the frame is dropped when a smaller box of the
 * word scores better (fine textures such as a brick wall give whole-frame "dog", "bed"…).
 */
const FRAME_COVER = 0.9;
/** findNamedObjects: a look-alike class is a guess, it must be more confident. */
const SIMILAR_MIN_SCORE = 0.3;
/** findNamedObjects: further instances must score at least this fraction of the best one. */
const NAMED_RELATIVE_SCORE = 0.4;
const NMS_IOU = 0.5;
/**
 * Also suppressed: a weaker box lying (almost) inside a stronger one and not much smaller (a
 * second peak on part of the object); a small box inside a big one may be another object.
 */
const NMS_CONTAINED = 0.85;
const NMS_CONTAINED_AREA = 0.25;

const INPUT_SIZE = 512;
const PAD = 114;
const OUTPUT = 'tower_0/detections';

/** The model's 80 classes, in its output's order. */
export const COCO_CLASSES: readonly string[] = [
  'person',
  'bicycle',
  'car',
  'motorcycle',
  'airplane',
  'bus',
  'train',
  'truck',
  'boat',
  'traffic light',
  'fire hydrant',
  'stop sign',
  'parking meter',
  'bench',
  'bird',
  'cat',
  'dog',
  'horse',
  'sheep',
  'cow',
  'elephant',
  'bear',
  'zebra',
  'giraffe',
  'backpack',
  'umbrella',
  'handbag',
  'tie',
  'suitcase',
  'frisbee',
  'skis',
  'snowboard',
  'sports ball',
  'kite',
  'baseball bat',
  'baseball glove',
  'skateboard',
  'surfboard',
  'tennis racket',
  'bottle',
  'wine glass',
  'cup',
  'fork',
  'knife',
  'spoon',
  'bowl',
  'banana',
  'apple',
  'sandwich',
  'orange',
  'broccoli',
  'carrot',
  'hot dog',
  'pizza',
  'donut',
  'cake',
  'chair',
  'couch',
  'potted plant',
  'bed',
  'dining table',
  'toilet',
  'tv',
  'laptop',
  'mouse',
  'remote',
  'keyboard',
  'cell phone',
  'microwave',
  'oven',
  'toaster',
  'sink',
  'refrigerator',
  'book',
  'clock',
  'vase',
  'scissors',
  'teddy bear',
  'hair drier',
  'toothbrush',
];

// ---------------------------------------------------------------------------------------------
// Model: loaded once per process (per thread), on first use.

const require = createRequire(import.meta.url);
let modelPromise: Promise<GraphModel> | null = null;

/** Loads the backend and the model (once); later calls return the same promise. */
export function loadDetector(): Promise<GraphModel> {
  modelPromise ??= loadModel().catch((e: unknown) => {
    modelPromise = null; // let a later call try again
    throw e;
  });
  return modelPromise;
}

async function loadModel(): Promise<GraphModel> {
  await useWasmBackend();
  // Human's package exports no subpaths for its models: find them next to its main file.
  const models = join(dirname(require.resolve('@vladmandic/human')), '..', 'models');
  const [json, bin] = await Promise.all([readFile(join(models, 'centernet.json'), 'utf8'), readFile(join(models, 'centernet.bin'))]);
  const manifest = JSON.parse(json) as { modelTopology: object; weightsManifest: { weights: tf.io.WeightsManifestEntry[] }[] };
  const weights = bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength) as ArrayBuffer;
  return loadGraphModel(
    tf.io.fromMemory({
      modelTopology: manifest.modelTopology,
      weightSpecs: manifest.weightsManifest.flatMap((g) => g.weights),
      weightData: weights,
    }),
  );
}

async function useWasmBackend(): Promise<void> {
  if (tf.getBackend() === 'wasm') return;
  if (!tf.findBackend('wasm')) {
    // The .wasm binaries are read from the package's own dist folder (fs, no fetch).
    setWasmPaths(`${dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'))}/`);
  }
  // Emscripten's Node glue adds process-wide 'uncaughtException' / 'unhandledRejection'
  // listeners that rethrow; they would override the host's own handling (and vitest's).
  const emitter: NodeJS.EventEmitter = process;
  const events = ['uncaughtException', 'unhandledRejection'];
  const before = new Set(events.flatMap((e) => emitter.listeners(e)));
  try {
    if (!(await tf.setBackend('wasm'))) throw new Error('the TensorFlow.js WebAssembly backend failed to start');
    await tf.ready();
  } finally {
    for (const e of events) {
      for (const listener of emitter.listeners(e)) if (!before.has(listener)) emitter.removeListener(e, listener as (...args: unknown[]) => void);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Detection

/** Objects in an image, best first, one box per object and class. */
export async function detectObjects(image: DetectorImage, opts: DetectOptions = {}): Promise<Detection[]> {
  const minScore = opts.minScore ?? DEFAULT_MIN_SCORE;
  const { width, height, channels } = image;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) throw new Error(`invalid image size ${width}×${height}`);
  if (channels !== 3 && channels !== 4) throw new Error(`expected 3 or 4 channels, got ${String(channels)}`);
  if (image.data.length < width * height * channels) throw new Error('image data is shorter than width × height × channels');

  const model = await loadDetector();
  // The model's weights live in the WebAssembly backend: keep using it if something else in
  // the process switched TensorFlow.js to another backend since.
  if (tf.getBackend() !== 'wasm') await useWasmBackend();
  const { pixels, sx, sy, left, top } = await letterbox(image);
  const output = tf.tidy(() => {
    const input = tf.tensor4d(pixels, [1, INPUT_SIZE, INPUT_SIZE, 3], 'float32');
    return model.execute(input, OUTPUT) as tf.Tensor;
  });
  let rows: Float32Array;
  try {
    rows = (await output.data()) as Float32Array;
  } finally {
    output.dispose();
  }

  const found: Detection[] = [];
  for (let i = 0; i + 6 <= rows.length; i += 6) {
    const score = rows[i + 4]!;
    const label = COCO_CLASSES[rows[i + 5]!];
    if (!(score >= minScore) || label === undefined) continue;
    const x0 = clamp(Math.floor((rows[i]! - left) / sx), 0, width);
    const y0 = clamp(Math.floor((rows[i + 1]! - top) / sy), 0, height);
    const x1 = clamp(Math.ceil((rows[i + 2]! - left) / sx), 0, width);
    const y1 = clamp(Math.ceil((rows[i + 3]! - top) / sy), 0, height);
    if (x1 - x0 < 2 || y1 - y0 < 2) continue;
    found.push({ label, score, box: { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } });
  }
  return suppress(found, (a, b) => a.label === b.label);
}

/**
 * The image letterboxed into the model's 512x512 input (RGB, float 0..255): scaled to fit,
 * centred, padded with grey. Transparent pixels are flattened onto the same grey.
 */
async function letterbox(image: DetectorImage): Promise<{ pixels: Float32Array; sx: number; sy: number; left: number; top: number }> {
  const { width, height, channels } = image;
  const scale = Math.min(INPUT_SIZE / width, INPUT_SIZE / height);
  const w = clamp(Math.round(width * scale), 1, INPUT_SIZE);
  const h = clamp(Math.round(height * scale), 1, INPUT_SIZE);
  const left = Math.floor((INPUT_SIZE - w) / 2);
  const top = Math.floor((INPUT_SIZE - h) / 2);
  const grey = { r: PAD, g: PAD, b: PAD };
  // Two steps: resizing first (sharp weights by alpha) and flattening the 512-px result is
  // much faster on large RGBA inputs than flattening all of their pixels.
  const source = image.data.subarray(0, width * height * channels);
  const small = await sharp(source, { raw: { width, height, channels }, limitInputPixels: false }).resize(w, h, { fit: 'fill' }).raw().toBuffer();
  let pipeline = sharp(small, { raw: { width: w, height: h, channels } });
  if (channels === 4) pipeline = pipeline.flatten({ background: grey });
  const data = await pipeline
    .extend({ left, top, right: INPUT_SIZE - w - left, bottom: INPUT_SIZE - h - top, background: grey })
    .raw()
    .toBuffer();
  // Per axis: rounding to whole pixels makes them differ slightly.
  return { pixels: Float32Array.from(data), sx: w / width, sy: h / height, left, top };
}

/** Greedy non-maximum suppression among detections that `same` says may be one object. */
function suppress(detections: Detection[], same: (a: Detection, b: Detection) => boolean): Detection[] {
  const sorted = [...detections].sort((a, b) => b.score - a.score);
  const kept: Detection[] = [];
  for (const d of sorted) {
    if (!kept.some((k) => same(k, d) && overlapsTooMuch(k.box, d.box))) kept.push(d);
  }
  return kept;
}

function overlapsTooMuch(a: Detection['box'], b: Detection['box']): boolean {
  const inter = intersection(a, b);
  const small = Math.min(area(a), area(b));
  const big = Math.max(area(a), area(b));
  return inter / (area(a) + area(b) - inter) >= NMS_IOU || (inter / small >= NMS_CONTAINED && small / big >= NMS_CONTAINED_AREA);
}

/** Intersection over union of two boxes. */
export function iou(a: Detection['box'], b: Detection['box']): number {
  const inter = intersection(a, b);
  return inter / (area(a) + area(b) - inter);
}

/** The area two boxes share (0 when apart). */
export function intersection(a: Detection['box'], b: Detection['box']): number {
  const iw = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const ih = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return iw > 0 && ih > 0 ? iw * ih : 0;
}

const area = (b: Detection['box']): number => b.width * b.height;

const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

// ---------------------------------------------------------------------------------------------
// Names

/**
 * Detections for a user's word: its exact classes first; if none is seen, classes the detector
 * confuses them with (cat/dog, cup/bowl/wine glass/vase, car/truck…) as matchedAs 'similar'.
 * One box per object, even when the word means several classes; best first.
 */
export async function findNamedObjects(image: DetectorImage, name: string): Promise<NamedObjects> {
  if (!classesForName(name).length) return { classes: [], matchedAs: 'none', detections: [] };
  return namedAmong(await detectEverything(image), name, image.width * image.height);
}

/** Every detection findNamedObjects weighs (any class, down to the lowest score it considers). */
export const detectEverything = (image: DetectorImage): Promise<Detection[]> => detectObjects(image, { minScore: SUPPORTED_MIN_SCORE });

/** findNamedObjects on detections already made (detectEverything) of a frame of `frame` pixels. */
export function namedAmong(all: Detection[], name: string, frame: number): NamedObjects {
  const classes = classesForName(name);
  if (!classes.length) return { classes, matchedAs: 'none', detections: [] };
  const named = new Set(classes);
  const supported = (d: Detection): boolean =>
    all.some((o) => !named.has(o.label) && o.score >= SUPPORT_MIN_SCORE && d.score >= SUPPORT_RATIO * o.score && iou(o.box, d.box) >= SUPPORT_IOU);
  const exact = pick(
    all.filter((d) => named.has(d.label) && (d.score >= NAMED_MIN_SCORE || supported(d))),
    frame,
  );
  if (exact.length) return { classes, matchedAs: 'exact', detections: exact };
  const alike = similarClasses(classes);
  const similar = pick(
    all.filter((d) => alike.has(d.label) && d.score >= SIMILAR_MIN_SCORE),
    frame,
  );
  if (similar.length) return { classes, matchedAs: 'similar', detections: similar };
  return { classes, matchedAs: 'none', detections: [] };
}

/**
 * One box per object across the classes (best kept); besides the best, no frame-sized box and
 * only instances near the best one's score.
 */
function pick(candidates: Detection[], frame: number): Detection[] {
  const [best, ...rest] = suppress(candidates, () => true);
  if (!best) return [];
  return [best, ...rest.filter((d) => d.score >= best.score * NAMED_RELATIVE_SCORE && area(d.box) < FRAME_COVER * frame)];
}

/** Classes the detector mistakes for one another (each group is symmetric). */
const LOOK_ALIKES: string[][] = [
  ['cat', 'dog', 'teddy bear'],
  ['dog', 'sheep', 'cow', 'horse', 'bear'],
  ['bear', 'teddy bear'],
  ['cup', 'bowl', 'wine glass', 'vase', 'bottle'],
  ['car', 'truck', 'bus'],
  ['bus', 'train'],
  ['bicycle', 'motorcycle'],
  ['chair', 'couch', 'bench', 'bed'],
  ['dining table', 'bench'],
  ['tv', 'laptop'],
  ['laptop', 'keyboard'],
  ['cell phone', 'remote'],
  ['handbag', 'backpack', 'suitcase'],
  ['bird', 'kite', 'airplane'],
  ['orange', 'apple', 'sports ball'],
  ['donut', 'cake', 'sandwich', 'pizza', 'hot dog'],
  ['broccoli', 'potted plant'],
  ['potted plant', 'vase'],
  ['fork', 'knife', 'spoon'],
  ['microwave', 'oven', 'toaster', 'refrigerator'],
  ['sink', 'toilet'],
  ['skis', 'snowboard', 'skateboard', 'surfboard'],
  ['frisbee', 'sports ball'],
];

function similarClasses(classes: string[]): Set<string> {
  const out = new Set<string>();
  for (const c of classes) for (const group of LOOK_ALIKES) if (group.includes(c)) for (const g of group) out.add(g);
  for (const c of classes) out.delete(c);
  return out;
}

/** Words (singular, lower case) and the COCO classes they mean, besides the class names themselves. */
const SYNONYMS: Record<string, string[]> = {
  ...words(
    ['person'],
    'man woman boy girl child kid baby toddler teen teenager adult human guy lady gentleman people persons folk ' +
      'astronaut pedestrian passerby tourist player athlete skier surfer skateboarder rider cyclist biker runner jogger worker ' +
      'soldier officer policeman policewoman bride groom someone somebody stranger photobomber mother father mom mum dad ' +
      'son daughter brother sister friend doctor nurse chef student figure footballer goalkeeper goalie referee umpire ' +
      'spectator fan dancer singer musician golfer swimmer',
  ),
  ...words(['bicycle', 'motorcycle'], 'bike'),
  ...words(['bicycle'], 'cycle pushbike'),
  ...words(['motorcycle'], 'motorbike scooter moped'),
  ...words(['car'], 'automobile sedan suv taxi cab jeep hatchback convertible coupe'),
  ...words(['car', 'truck'], 'van minivan'),
  ...words(['car', 'truck', 'bus', 'motorcycle'], 'vehicle'),
  ...words(['airplane'], 'plane aeroplane airliner aircraft jet jetliner'),
  ...words(['bus'], 'minibus'),
  ...words(['train'], 'locomotive tram streetcar'),
  ...words(['truck'], 'lorry pickup'),
  ...words(['boat'], 'ship yacht sailboat canoe kayak ferry dinghy vessel'),
  ...words(['traffic light'], 'stoplight'),
  ...words(['fire hydrant'], 'hydrant'),
  ...words(['bird'], 'parrot pigeon dove seagull gull duck goose swan sparrow crow raven eagle hawk owl robin chicken hen rooster penguin flamingo'),
  ...words(['cat'], 'kitten kitty tabby tomcat feline'),
  ...words(['dog'], 'puppy pup doggy doggie hound pooch canine labrador retriever poodle terrier bulldog beagle corgi husky dachshund chihuahua pug'),
  ...words(['horse'], 'pony foal stallion mare'),
  ...words(['sheep'], 'lamb ram ewe'),
  ...words(['cow'], 'cattle bull calf ox heifer'),
  ...words(['backpack'], 'rucksack knapsack schoolbag'),
  ...words(['handbag', 'backpack', 'suitcase'], 'bag'),
  ...words(['umbrella'], 'parasol'),
  ...words(['handbag'], 'purse clutch tote'),
  ...words(['tie'], 'necktie'),
  ...words(['suitcase'], 'luggage'),
  ...words(['skis'], 'ski'),
  ...words(['sports ball'], 'ball football basketball volleyball baseball'),
  ...words(['baseball bat'], 'bat'),
  ...words(['baseball glove'], 'glove mitt'),
  ...words(['tennis racket'], 'racket racquet'),
  ...words(['wine glass'], 'glass wineglass goblet'),
  ...words(['cup'], 'mug teacup coffee tea espresso latte cappuccino tumbler'),
  ...words(['fork', 'knife', 'spoon'], 'cutlery utensil silverware'),
  ...words(['bowl'], 'dish'),
  ...words(['sandwich'], 'burger hamburger cheeseburger panini'),
  ...words(['orange'], 'tangerine mandarin clementine'),
  // Kinds of things: every class of the kind.
  ...words(['apple', 'orange', 'banana'], 'fruit'),
  ...words(['broccoli', 'carrot'], 'vegetable veggie veg'),
  ...words(['cup', 'bottle', 'wine glass'], 'drink beverage'),
  ...words(['cat', 'dog'], 'pet'),
  ...words(['bird', 'cat', 'dog', 'horse', 'sheep', 'cow', 'elephant', 'bear', 'zebra', 'giraffe'], 'animal creature'),
  ...words(['hot dog'], 'hotdog'),
  ...words(['donut'], 'doughnut'),
  ...words(['cake'], 'cupcake'),
  ...words(['chair'], 'armchair stool seat highchair'),
  ...words(['couch'], 'sofa settee loveseat'),
  ...words(['potted plant'], 'plant houseplant flowerpot'),
  ...words(['potted plant', 'vase'], 'flower'),
  ...words(['dining table'], 'table desk'),
  ...words(['tv'], 'television telly monitor screen'),
  ...words(['laptop'], 'computer'),
  ...words(['remote'], 'controller'),
  ...words(['cell phone'], 'phone cellphone mobile smartphone iphone'),
  ...words(['oven'], 'stove cooker'),
  ...words(['sink'], 'basin washbasin'),
  ...words(['refrigerator'], 'fridge freezer'),
  ...words(['book'], 'notebook novel magazine'),
  ...words(['teddy bear'], 'teddy teddybear plush plushie'),
  ...words(['hair drier'], 'hairdryer hairdrier blowdryer'),
  // Phrases.
  'traffic signal': ['traffic light'],
  'stop light': ['traffic light'],
  'soccer ball': ['sports ball'],
  'tennis ball': ['sports ball'],
  'remote control': ['remote'],
  'mobile phone': ['cell phone'],
  'stuffed animal': ['teddy bear'],
  'stuffed toy': ['teddy bear'],
  'soft toy': ['teddy bear'],
  'hair dryer': ['hair drier'],
  'blow dryer': ['hair drier'],
  'tv set': ['tv'],
  'potted plant': ['potted plant'],
};

function words(classes: string[], list: string): Record<string, string[]> {
  return Object.fromEntries(
    list
      .split(/\s+/)
      .filter(Boolean)
      .map((w) => [w, classes]),
  );
}

const KNOWN = new Map<string, string[]>([...COCO_CLASSES.map((c) => [c, [c]] as [string, string[]]), ...Object.entries(SYNONYMS)]);

const IRREGULAR: Record<string, string> = {
  people: 'person',
  men: 'man',
  women: 'woman',
  children: 'child',
  mice: 'mouse',
  geese: 'goose',
  oxen: 'ox',
  calves: 'calf',
  knives: 'knife',
  wolves: 'wolf',
  teeth: 'tooth',
  feet: 'foot',
  sheep: 'sheep',
  fish: 'fish',
};
const DETERMINERS = new Set(['a', 'an', 'the', 'my', 'your', 'his', 'her', 'our', 'their', 'this', 'that', 'these', 'those', 'some', 'all', 'any', 'every']);

/**
 * The COCO classes a user's word means: 'mug' → ['cup'], 'puppies' → ['dog'], 'astronaut' →
 * ['person'], 'the red coffee mug' → ['cup'], unknown → []. Case-insensitive; simple plurals
 * are made singular; leading words are dropped until something is known ('coffee table' → table).
 */
export function classesForName(name: string): string[] {
  const text = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z]+/g, ' ')
    .trim();
  if (!text) return [];
  // "cup of coffee", "slice of pizza": the head noun is usually before "of", else after it.
  const parts = text.includes(' of ') ? text.split(' of ') : [text];
  for (const part of parts) {
    const tokens = part.split(' ').filter((t) => !DETERMINERS.has(t));
    for (let start = 0; start < tokens.length; start++) {
      const found = lookup(tokens.slice(start));
      if (found) return [...found];
    }
  }
  return [];
}

function lookup(tokens: string[]): string[] | undefined {
  const phrase = tokens.join(' ');
  const direct = KNOWN.get(phrase) ?? KNOWN.get(tokens.join(''));
  if (direct) return direct;
  const head = tokens.slice(0, -1);
  for (const singular of singulars(tokens[tokens.length - 1]!)) {
    const found = KNOWN.get([...head, singular].join(' '));
    if (found) return found;
  }
  return undefined;
}

/** Candidate singulars of a word, most likely first. */
function singulars(word: string): string[] {
  const out: string[] = [];
  const irregular = IRREGULAR[word];
  if (irregular) out.push(irregular);
  if (word.endsWith('ies') && word.length > 4) out.push(`${word.slice(0, -3)}y`);
  if (word.endsWith('ves')) out.push(`${word.slice(0, -3)}f`, `${word.slice(0, -3)}fe`);
  if (word.endsWith('es')) out.push(word.slice(0, -2));
  if (word.endsWith('s') && !word.endsWith('ss')) out.push(word.slice(0, -1));
  return out;
}
