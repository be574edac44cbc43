// A learned upscaler (Real-ESRGAN, docs/learned-models.md) from a file the operator placed. The
// photo is enlarged tile by tile (tiles.ts); a 4× model makes a 2× result by an exact Lanczos-3
// reduction of each tile's 4× output (centred, antialiased), a 2× model makes 4× in two passes.
// Alpha is enlarged on its own by the embedded upscaler (upscale.ts), the colour never by it.
// When the model loads it is probed once with a mid-grey tile: its enlargement is read off the
// output's size, and an output that is not that grey in 0..1 is refused (not an image model of
// this kind). The probe's time, and each tile's after, estimate what a photo will take.
import sharp from 'sharp';
import type { Tensor } from 'onnxruntime-node';
import { upscaleImage } from '../../tools/upscale-image/upscale.js';
import { SCALES, type UpscalerKind } from './families.js';
import type { ReadyFile } from './model-file.js';
import { padRepeating, resample } from './resample.js';
import { modelSession, type ModelSession } from './session.js';
import { enlargeTiled, fixedTiles, FREE_TILES, type TileGeometry } from './tiles.js';

/** The side of the probing tile for a model with free input size. */
const PROBE_SIDE = 64;

export interface LoadedUpscaler {
  name: string;
  /** The model's own enlargement. */
  scale: number;
  geometry: TileGeometry;
  /** Milliseconds per input pixel a tile takes here (pads included): the probe's, then the mean of the tiles run. */
  msPerPixel: number;
  runTile(src: Buffer, width: number, region: Region, reduce: number): Promise<Float32Array>;
}

type Region = Parameters<Parameters<typeof enlargeTiled>[4]>[0];

const loaded = new Map<string, Promise<LoadedUpscaler>>();

/** The file's upscaler, loaded and probed once per process; a file that fails the probe is refused (the promise rejects with why). */
export function loadUpscaler(file: ReadyFile<UpscalerKind>): Promise<LoadedUpscaler> {
  const key = `${file.path}:${file.sha256}`;
  let u = loaded.get(key);
  if (!u) {
    u = open(file);
    loaded.set(key, u);
  }
  return u;
}

async function open(file: ReadyFile<UpscalerKind>): Promise<LoadedUpscaler> {
  const session = await modelSession(file);
  const kind = file.kind;
  const side = { width: kind.fixed?.width ?? PROBE_SIDE, height: kind.fixed?.height ?? PROBE_SIDE };
  const started = performance.now();
  const probe = await runModel(session, kind, new Float32Array(side.width * side.height * 3).fill(127.5), side.width, side.height);
  const ms = performance.now() - started;
  const scale = probe.width / side.width;
  if (!SCALES.includes(scale) || probe.height / side.height !== scale) {
    throw new Error(`it made a ${side.width}×${side.height} tile ${probe.width}×${probe.height}; the upscaler takes models that enlarge 2×, 4× or 8×`);
  }
  let mean = 0;
  for (const v of probe.rgb) mean += v;
  mean /= probe.rgb.length;
  if (Math.abs(mean - 127.5) > 40) {
    throw new Error(`a mid-grey tile (0.5) came out averaging ${(mean / 255).toFixed(2)}: not an image in 0..1 as Real-ESRGAN's exports give`);
  }
  const stats = { ms, pixels: side.width * side.height };
  const upscaler: LoadedUpscaler = {
    name: file.name,
    scale,
    geometry: kind.fixed ? fixedTiles(kind.fixed.width, kind.fixed.height) : FREE_TILES,
    msPerPixel: ms / (side.width * side.height),
    async runTile(src, width, region, reduce) {
      const t = performance.now();
      const tile = await enlargeRegion(session, kind, src, width, region, scale, reduce);
      stats.ms += performance.now() - t;
      stats.pixels += region.inputWidth * region.inputHeight;
      upscaler.msPerPixel = stats.ms / stats.pixels;
      return tile;
    },
  };
  return upscaler;
}

/** The model run on an RGB tile (interleaved floats 0..255, w × h): its output, interleaved 0..255. */
async function runModel(session: ModelSession, kind: UpscalerKind, rgb: Float32Array, w: number, h: number): Promise<{ rgb: Float32Array; width: number; height: number }> {
  const { ort } = session;
  const n = w * h;
  const input = new Float32Array(3 * n);
  const nchw = kind.layout === 'nchw';
  for (let i = 0; i < n; i++) for (let k = 0; k < 3; k++) input[nchw ? k * n + i : i * 3 + k] = rgb[i * 3 + k]! / 255;
  const feeds: Record<string, Tensor> = { [kind.input]: new ort.Tensor('float32', input, nchw ? [1, 3, h, w] : [1, h, w, 3]) };
  return session.run(feeds, kind.output, (out) => {
    const [height, width] = nchw ? [out.dims[2]!, out.dims[3]!] : [out.dims[1]!, out.dims[2]!];
    const data = out.data as Float32Array;
    const m = width * height;
    if (data.length !== 3 * m) throw new Error(`the upscaler answered ${out.dims.join('×')}`);
    const res = new Float32Array(3 * m);
    for (let i = 0; i < m; i++) for (let k = 0; k < 3; k++) res[i * 3 + k] = data[nchw ? k * m + i : i * 3 + k]! * 255;
    return { rgb: res, width, height };
  });
}

/** One tile: its region of `src` (RGB, `width` wide) padded to the model's input, enlarged, cropped to the region, reduced by `reduce`. */
async function enlargeRegion(session: ModelSession, kind: UpscalerKind, src: Buffer, width: number, region: Region, scale: number, reduce: number): Promise<Float32Array> {
  const { x, y, width: rw, height: rh, inputWidth, inputHeight } = region;
  const rgb = new Float32Array(rw * rh * 3);
  for (let j = 0; j < rh; j++) for (let i = 0; i < rw * 3; i++) rgb[j * rw * 3 + i] = src[((y + j) * width + x) * 3 + i]!;
  const out = await runModel(session, kind, padRepeating(rgb, rw, rh, 3, inputWidth, inputHeight), inputWidth, inputHeight);
  if (out.width !== inputWidth * scale || out.height !== inputHeight * scale) throw new Error(`the upscaler made a ${inputWidth}×${inputHeight} tile ${out.width}×${out.height}`);
  const [cw, ch] = [rw * scale, rh * scale];
  const crop = cw === out.width && ch === out.height ? out.rgb : new Float32Array(cw * ch * 3);
  if (crop !== out.rgb) for (let j = 0; j < ch; j++) crop.set(out.rgb.subarray(j * out.width * 3, (j * out.width + cw) * 3), j * cw * 3);
  return reduce === 1 ? crop : resample(crop, cw, ch, 3, cw / reduce, ch / reduce, 'lanczos3');
}

/** The passes a model of `model`× makes `scale`× with, and the exact reduction after the last. */
export function passesFor(model: number, scale: number): { passes: number; reduce: number } {
  if (model >= scale) return { passes: 1, reduce: model / scale };
  let passes = 1;
  while (model ** passes < scale) passes++;
  return { passes, reduce: model ** passes / scale };
}

/** What a `scale`× enlargement of a width × height image should take here, in ms. */
export function expectedMs(u: LoadedUpscaler, width: number, height: number, scale: number): number {
  const { passes } = passesFor(u.scale, scale);
  let pixels = 0;
  for (let p = 0, s = 1; p < passes; p++, s *= u.scale) pixels += width * s * height * s;
  // Tiles read their pads too: about (240/192)² more than the image for free-size tiles.
  const g = u.geometry;
  const overhead = ((g.interior + 2 * g.pad) / g.interior) ** 2;
  return pixels * overhead * u.msPerPixel;
}

export interface LearnedUpscale {
  bytes: Buffer;
  width: number;
  height: number;
  tiles: number;
  largest: { width: number; height: number };
}

/** `bytes` made `scale`× larger by the model, as PNG (alpha enlarged on its own), EXIF orientation applied. */
export async function upscaleLearned(u: LoadedUpscaler, bytes: Buffer, scale: 2 | 4, opts: { maxPixels: number; signal?: AbortSignal }): Promise<LearnedUpscale> {
  const { signal, maxPixels } = opts;
  const decoded = await sharp(bytes, { limitInputPixels: Math.max(1, Math.floor(maxPixels / (scale * scale))) })
    .rotate()
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = decoded.info;
  const n = width * height;
  let rgb: Buffer = Buffer.allocUnsafe(n * 3);
  for (let i = 0; i < n; i++) for (let k = 0; k < 3; k++) rgb[i * 3 + k] = decoded.data[i * channels + k]!;
  const { passes, reduce } = passesFor(u.scale, scale);
  let [w, h, tiles] = [width, height, 0];
  const largest = { width: 0, height: 0 };
  for (let p = 0; p < passes; p++) {
    const r = p === passes - 1 ? reduce : 1;
    const src = rgb;
    const sw = w;
    const pass = await enlargeTiled(w, h, u.scale / r, u.geometry, (region) => u.runTile(src, sw, region, r), signal);
    [rgb, w, h, tiles] = [pass.rgb, pass.width, pass.height, tiles + pass.tiles];
    largest.width = Math.max(largest.width, pass.largest.width);
    largest.height = Math.max(largest.height, pass.largest.height);
  }
  const alpha = channels === 4 ? await enlargedAlpha(decoded.data, width, height, scale, maxPixels, signal) : null;
  signal?.throwIfAborted();
  const out = alpha ? withAlpha(rgb, alpha, w * h) : rgb;
  const png = await sharp(out, { raw: { width: w, height: h, channels: alpha ? 4 : 3 } })
    .png()
    .toBuffer();
  return { bytes: png, width: w, height: h, tiles, largest };
}

/** The alpha channel made `scale`× larger by the embedded upscaler (as a grey image). */
async function enlargedAlpha(rgba: Buffer, width: number, height: number, scale: 2 | 4, maxPixels: number, signal?: AbortSignal): Promise<Buffer> {
  const n = width * height;
  const a = Buffer.allocUnsafe(n);
  for (let i = 0; i < n; i++) a[i] = rgba[i * 4 + 3]!;
  const grey = await sharp(a, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
  const big = await upscaleImage(grey, scale, { maxPixels, ...(signal ? { signal } : {}) });
  return sharp(big.bytes).extractChannel(0).raw().toBuffer();
}

const withAlpha = (rgb: Buffer, alpha: Buffer, n: number): Buffer => {
  const out = Buffer.allocUnsafe(n * 4);
  for (let i = 0; i < n; i++) {
    out[i * 4] = rgb[i * 3]!;
    out[i * 4 + 1] = rgb[i * 3 + 1]!;
    out[i * 4 + 2] = rgb[i * 3 + 2]!;
    out[i * 4 + 3] = alpha[i]!;
  }
  return out;
};
