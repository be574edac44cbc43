// The embedded picture classifier (docs/screening.md, "nsfwjs"): nsfwjs's MobileNetV2 (224×224,
// five classes), whose weights ship inside the npm package as JavaScript modules, so nothing is
// fetched. It runs on TensorFlow.js's WebAssembly backend (about ten times faster than the pure
// JavaScript one here); `execute` is synchronous and blocks its thread for 0.1–0.3 s, so
// processes call it through nsfw.ts, which runs this file in a worker thread of its own.
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import * as tf from '@tensorflow/tfjs-core';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import sharp from 'sharp';
import type { NSFWJS } from 'nsfwjs/core';

const SIZE = 224;
const require = createRequire(import.meta.url);
let model: Promise<NSFWJS> | null = null;

export interface NsfwScores {
  Drawing: number;
  Hentai: number;
  Neutral: number;
  Porn: number;
  Sexy: number;
}

/** Loads the backend and the model once per thread; a failed load is tried again next time. */
export function loadNsfw(): Promise<NSFWJS> {
  model ??= loadModel().catch((e: unknown) => {
    model = null;
    throw e;
  });
  return model;
}

async function loadModel(): Promise<NSFWJS> {
  if (tf.getBackend() !== 'wasm') {
    if (!tf.findBackend('wasm')) setWasmPaths(`${dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'))}/`);
    if (!(await tf.setBackend('wasm'))) throw new Error('the TensorFlow.js WebAssembly backend failed to start');
    await tf.ready();
  }
  // nsfwjs/core with one model definition: the other two bundled models are never loaded.
  const { load } = await import('nsfwjs/core');
  const { MobileNetV2Model } = await import('nsfwjs/models/mobilenet_v2');
  // nsfwjs announces the model it loads on console.info; the process's own log says it instead.
  const info = console.info;
  console.info = () => undefined;
  try {
    return await load('MobileNetV2', { modelDefinitions: [MobileNetV2Model], size: SIZE });
  } finally {
    console.info = info;
  }
}

export interface Classified {
  scores: NsfwScores;
  /** Decoding, resizing and the model's run, ms. */
  ms: number;
  /** Loading the backend and the model, when this picture was the thread's first (ms). */
  loadMs?: number;
}

/** The five classes' probabilities for an encoded picture (PNG, JPEG, WebP…), summing to 1, and the time taken. */
export async function classifyPicture(bytes: Uint8Array, maxPixels: number): Promise<Classified> {
  const loading = model === null ? performance.now() : null;
  const nsfw = await loadNsfw();
  const loadMs = loading === null ? undefined : Math.round(performance.now() - loading);
  const started = performance.now();
  // The model's own input size, stretched as nsfwjs's bilinear resize would; alpha over white.
  const { data } = await sharp(bytes, { limitInputPixels: maxPixels })
    .flatten({ background: '#ffffff' })
    .resize(SIZE, SIZE, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const input = tf.tensor3d(new Int32Array(data), [SIZE, SIZE, 3], 'int32');
  try {
    const predictions = await nsfw.classify(input, 5);
    const scores: NsfwScores = { Drawing: 0, Hentai: 0, Neutral: 0, Porn: 0, Sexy: 0 };
    for (const p of predictions) scores[p.className as keyof NsfwScores] = Math.round(p.probability * 10_000) / 10_000;
    return { scores, ms: Math.round(performance.now() - started), ...(loadMs === undefined ? {} : { loadMs }) };
  } finally {
    input.dispose();
  }
}
