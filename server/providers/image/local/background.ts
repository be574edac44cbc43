// Embedded, offline background removal: classical segmentation with sharp + typed arrays.
//
// Pipeline (see removeBackgroundLocal):
//  1. Decode with sharp (EXIF orientation applied, decompression bombs refused through
//     `limitInputPixels`) and make a working copy whose longest side is ~512 px.
//  2. Low-resolution segmentation on that copy, in CIE Lab:
//     - local statistics: 5x5 mean colour and 5x5 colour standard deviation ("texture");
//     - background model from a band along the image border (minus stretches of the border that
//       look like a subject cut by the frame: short runs between strong colour steps whose colour
//       does not recur elsewhere on the border): k-means (up to 6 clusters) of the
//       local mean colours, a quadratic colour surface c(x, y) fitted by least squares (smooth
//       gradients), and the range of the border's texture;
//     - per-pixel distance to the background = min(colour-cluster distance, gradient-fit distance)
//       (each normalised by the model's own spread) + a texture-mismatch term;
//     - adaptive threshold (Otsu, clamped), morphological open/close, background = what is
//       connected to the border (flood fill), enclosed holes stay foreground unless they are large
//       and background-like, tiny components dropped;
//     - a second pass re-estimates the background locally from everything classified as background
//       (push-pull interpolation), which handles radial gradients, vignetting and uneven lighting.
//  3. Full-resolution edge refinement in a band (about +-2.5 working-copy pixels) around the
//     upsampled boundary: per pixel, the alpha that best explains its colour as a mix of a
//     foreground colour (local estimate or one of the subject's rim colour clusters) and a
//     background colour (local estimate or one of the border clusters) — "colour-line" matting —
//     blended with the geometric prior by a confidence (colour contrast vs. residual and noise,
//     fading out towards the band's edge), lightly crispened and then feathered with a 3x3 box.
//     Edge pixels get their foreground colour "decontaminated" (the background's share removed).
//  4. PNG (RGBA) out; fully transparent pixels are written as (0, 0, 0, 0).
import sharp from 'sharp';

export interface BackgroundRemovalOptions {
  /** Refuse inputs with more pixels than this (decompression bombs). Default 40e6. */
  maxPixels?: number;
}

export interface ForegroundMask {
  width: number;
  height: number;
  /** Row-major alpha, 0 = background .. 255 = subject. */
  alpha: Uint8Array;
}

const DEFAULT_MAX_PIXELS = 40e6;
/** Longest side of the working copy used for segmentation. */
const WORK_SIDE = 512;

/** Removes the background: PNG (RGBA), same width/height as the (EXIF-oriented) input. */
export async function removeBackgroundLocal(input: Buffer, opts: BackgroundRemovalOptions = {}): Promise<Buffer> {
  const decoded = await decode(input, opts.maxPixels ?? DEFAULT_MAX_PIXELS);
  const result = await computeAlpha(decoded, true);
  const { width, height, channels, data } = decoded;
  const n = width * height;
  const out = Buffer.allocUnsafe(n * 4);
  const alpha = result.alpha;
  for (let i = 0, s = 0, o = 0; i < n; i++, s += channels, o += 4) {
    const a = alpha[i]!;
    if (a === 0) {
      out[o] = 0;
      out[o + 1] = 0;
      out[o + 2] = 0;
      out[o + 3] = 0;
    } else {
      out[o] = data[s]!;
      out[o + 1] = data[s + 1]!;
      out[o + 2] = data[s + 2]!;
      out[o + 3] = a;
    }
  }
  // Decontaminated colours for the semi-transparent edge band.
  const { bandIndex, bandColour, bandCount } = result;
  for (let k = 0; k < bandCount; k++) {
    const i = bandIndex[k]!;
    if (alpha[i] === 0) continue;
    const o = i * 4;
    out[o] = bandColour[k * 3]!;
    out[o + 1] = bandColour[k * 3 + 1]!;
    out[o + 2] = bandColour[k * 3 + 2]!;
  }
  return sharp(out, { raw: { width, height, channels: 4 } })
    .png({ compressionLevel: 4 })
    .toBuffer();
}

/** The alpha mask (0..255) that removeBackgroundLocal applies. */
export async function foregroundMask(input: Buffer, opts: BackgroundRemovalOptions = {}): Promise<ForegroundMask> {
  const decoded = await decode(input, opts.maxPixels ?? DEFAULT_MAX_PIXELS);
  const { alpha } = await computeAlpha(decoded, false);
  return { width: decoded.width, height: decoded.height, alpha };
}

// ---------------------------------------------------------------------------------------------
// Decoding

interface Decoded {
  /** Interleaved 8-bit sRGB, `channels` = 3 or 4 (alpha last). */
  data: Buffer;
  width: number;
  height: number;
  channels: 3 | 4;
}

async function decode(input: Buffer, maxPixels: number): Promise<Decoded> {
  const { data, info } = await sharp(input, { limitInputPixels: maxPixels })
    .rotate()
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const ch = info.channels;
  if (ch === 3 || ch === 4) return { data, width, height, channels: ch };
  // Grey (+alpha) that stayed single-channel: expand.
  const hasAlpha = ch === 2;
  const outCh = hasAlpha ? 4 : 3;
  const n = width * height;
  const out = Buffer.allocUnsafe(n * outCh);
  for (let i = 0; i < n; i++) {
    const g = data[i * ch]!;
    out[i * outCh] = g;
    out[i * outCh + 1] = g;
    out[i * outCh + 2] = g;
    if (hasAlpha) out[i * outCh + 3] = data[i * ch + 1]!;
  }
  return { data: out, width, height, channels: outCh };
}

interface AlphaResult {
  alpha: Uint8Array;
  bandIndex: Int32Array;
  bandColour: Uint8Array;
  bandCount: number;
}

async function computeAlpha(dec: Decoded, wantColour: boolean): Promise<AlphaResult> {
  const { width: W, height: H, channels } = dec;
  const scale = Math.min(1, WORK_SIDE / Math.max(W, H));
  const w = Math.max(1, Math.round(W * scale));
  const h = Math.max(1, Math.round(H * scale));
  let pipeline = sharp(dec.data, { raw: { width: W, height: H, channels } });
  if (channels === 4) pipeline = pipeline.flatten({ background: '#ffffff' });
  const small =
    w === W && h === H
      ? await pipeline.raw().toBuffer()
      : await pipeline.resize(w, h, { fit: 'fill', kernel: 'linear' }).raw().toBuffer();
  const low = segmentLowRes(small, w, h);
  const result = refineFullRes(dec, low, wantColour);
  if (channels === 4) {
    // Respect existing transparency.
    const a = result.alpha;
    const d = dec.data;
    for (let i = 0, s = 3; i < a.length; i++, s += 4) {
      const ai = d[s]!;
      if (ai !== 255) a[i] = (a[i]! * ai + 127) / 255;
    }
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// Low-resolution segmentation

interface LowRes {
  w: number;
  h: number;
  /** Signed distance to the subject boundary in low-res pixels (> 0 inside the subject). */
  sd: Float32Array;
  /** Local foreground / background colour estimates (sRGB 0..255, planar R, G, B). */
  fg: Float32Array[];
  bg: Float32Array[];
  /** Background colour clusters from the border (sRGB). */
  palette: Array<[number, number, number]>;
  /** Subject colour clusters near its boundary (sRGB). */
  fgPalette: Array<[number, number, number]>;
  /** True when no subject was found (everything is background). */
  empty: boolean;
  /** True when no background was found (everything is subject). */
  full: boolean;
}

/** Minimum colour spread (deltaE) used to normalise distances. */
const S0 = 2.5;

function segmentLowRes(rgb: Uint8Array, w: number, h: number): LowRes {
  const n = w * h;
  const lab = srgbToLabPlanes(rgb, n);
  const r = 2;
  const mean = lab.map((p) => boxBlur(p, w, h, r));
  // Local colour standard deviation over the same window.
  const sq = new Float32Array(n);
  for (let i = 0; i < n; i++) sq[i] = lab[0]![i]! ** 2 + lab[1]![i]! ** 2 + lab[2]![i]! ** 2;
  const sqm = boxBlur(sq, w, h, r);
  let tex: Float32Array = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const v = sqm[i]! - mean[0]![i]! ** 2 - mean[1]![i]! ** 2 - mean[2]![i]! ** 2;
    tex[i] = v > 0 ? Math.sqrt(v) : 0;
  }
  // Min-filter: a background pixel next to an edge has some nearby window that does not straddle it.
  tex = minFilter(tex, w, h, r);

  // ---- background model from the border band ----
  const bandW = Math.max(2, Math.min(Math.round(0.025 * Math.max(w, h)), Math.floor(Math.min(w, h) / 4)));
  const foreign = foreignBorder(mean, w, h);
  const border: number[] = [];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (x < bandW || y < bandW || x >= w - bandW || y >= h - bandW) {
        if (!foreign || !foreign.at(x, y)) border.push(y * w + x);
      }
    }
  }
  const stride = Math.max(1, Math.floor(border.length / 6000));
  const samples: number[] = [];
  for (let k = 0; k < border.length; k += stride) samples.push(border[k]!);
  const km = kmeans(mean, samples, 6);
  const fit = fitQuadratic(mean, samples, w, h);
  const texSamples = Float32Array.from(samples, (i) => tex[i]!);
  texSamples.sort();
  const texLo = quantile(texSamples, 0.05) * 0.8;
  const texHi = quantile(texSamples, 0.95) * 1.25 + 1;

  const dKm = new Float32Array(n);
  const dFit = new Float32Array(n);
  const dTex = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const L = mean[0]![i]!;
    const A = mean[1]![i]!;
    const B = mean[2]![i]!;
    let best = Infinity;
    for (let k = 0; k < km.k; k++) {
      const dl = L - km.centers[k * 3]!;
      const da = A - km.centers[k * 3 + 1]!;
      const db = B - km.centers[k * 3 + 2]!;
      const d = Math.sqrt(dl * dl + da * da + db * db) / (km.spread[k]! + S0);
      if (d < best) best = d;
    }
    dKm[i] = best;
    const t = tex[i]!;
    dTex[i] = t > texHi ? 3 * Math.log((t + S0) / (texHi + S0)) : t < texLo ? 3 * Math.log((texLo + S0) / (t + S0)) : 0;
  }
  fit.distances(mean, w, h, dFit);
  let fitSpread = 0;
  for (const i of samples) fitSpread += dFit[i]! ** 2;
  fitSpread = Math.sqrt(fitSpread / Math.max(1, samples.length));

  const dist = new Float32Array(n);
  for (let i = 0; i < n; i++) dist[i] = Math.min(dKm[i]!, dFit[i]! / (fitSpread + S0)) + dTex[i]!;
  let fg = classify(dist, w, h);

  // ---- second pass: local background re-estimated from everything that is background ----
  let bgCount = 0;
  for (let i = 0; i < n; i++) if (!fg[i]) bgCount++;
  if (bgCount > 0 && bgCount < n) {
    const bgMask = erode(invert(fg), w, h, 2);
    let cnt = 0;
    for (let i = 0; i < n; i++) cnt += bgMask[i]!;
    const weights = cnt > n * 0.02 ? bgMask : invert(fg);
    const local = pushPull(mean, weights, w, h, 2);
    let spread = 0;
    let sc = 0;
    const dLoc = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      const dl = mean[0]![i]! - local[0]![i]!;
      const da = mean[1]![i]! - local[1]![i]!;
      const db = mean[2]![i]! - local[2]![i]!;
      const d = dl * dl + da * da + db * db;
      dLoc[i] = Math.sqrt(d);
      if (weights[i]) {
        spread += d;
        sc++;
      }
    }
    spread = Math.sqrt(spread / Math.max(1, sc));
    for (let i = 0; i < n; i++) dist[i] = Math.min(dKm[i]!, dLoc[i]! / (spread + S0)) + dTex[i]!;
    fg = classify(dist, w, h);
  }

  // ---- outputs for the full-resolution refinement ----
  let fgCount = 0;
  for (let i = 0; i < n; i++) fgCount += fg[i]!;
  const sd = signedDistance(fg, w, h);
  const planes = [new Float32Array(n), new Float32Array(n), new Float32Array(n)];
  for (let i = 0; i < n; i++) {
    planes[0]![i] = rgb[i * 3]!;
    planes[1]![i] = rgb[i * 3 + 1]!;
    planes[2]![i] = rgb[i * 3 + 2]!;
  }
  const fgCore = erode(fg, w, h, 1);
  const bgCore = erode(invert(fg), w, h, 1);
  const fgColour = pushPull(planes, countOf(fgCore) > 0 ? fgCore : fg, w, h, 0);
  const bgColour = pushPull(planes, countOf(bgCore) > 0 ? bgCore : invert(fg), w, h, 0);
  // Palette: mean sRGB of each border cluster.
  const palette: Array<[number, number, number]> = [];
  const acc = new Float64Array(km.k * 4);
  for (let s = 0; s < samples.length; s++) {
    const i = samples[s]!;
    const k = km.assign[s]!;
    acc[k * 4] = acc[k * 4]! + rgb[i * 3]!;
    acc[k * 4 + 1] = acc[k * 4 + 1]! + rgb[i * 3 + 1]!;
    acc[k * 4 + 2] = acc[k * 4 + 2]! + rgb[i * 3 + 2]!;
    acc[k * 4 + 3] = acc[k * 4 + 3]! + 1;
  }
  for (let k = 0; k < km.k; k++) {
    const c = acc[k * 4 + 3]!;
    if (c > 0) palette.push([acc[k * 4]! / c, acc[k * 4 + 1]! / c, acc[k * 4 + 2]! / c]);
  }
  // Foreground palette: colour clusters of the subject just inside its boundary (multi-coloured
  // subjects need more than one local foreground colour for edge matting).
  const fgPalette: Array<[number, number, number]> = [];
  const rim: number[] = [];
  // Only pixels that are clearly not background (the low-res boundary may be off by a pixel).
  for (let i = 0; i < n; i++) if (sd[i]! >= 1 && sd[i]! <= 5 && dist[i]! > 3) rim.push(i);
  if (rim.length > 0) {
    const rs = Math.max(1, Math.floor(rim.length / 4000));
    const rimSamples: number[] = [];
    for (let k = 0; k < rim.length; k += rs) rimSamples.push(rim[k]!);
    const fk = kmeans(planes, rimSamples, 4, 100);
    for (let k = 0; k < fk.k; k++) fgPalette.push([fk.centers[k * 3]!, fk.centers[k * 3 + 1]!, fk.centers[k * 3 + 2]!]);
  }
  return { w, h, sd, fg: fgColour, bg: bgColour, palette, fgPalette, empty: fgCount === 0, full: fgCount === n };
}

/**
 * Parts of the image border that are probably the subject (a portrait's shoulders, an object cut
 * by the frame) rather than background: walking around the border, the local mean colour is cut
 * into runs at strong steps; a run is "foreign" when it is short (< 30% of the perimeter) and its
 * colour hardly occurs anywhere else along the border (together with look-alike runs < 30%).
 * Background that is split by steps (stripes, tiles) repeats its colours and is kept. Returns
 * null when nothing is foreign.
 */
function foreignBorder(mean: Float32Array[], w: number, h: number): { at(x: number, y: number): boolean } | null {
  const ins = Math.min(2, Math.floor((Math.min(w, h) - 1) / 2));
  const ww = w - 2 * ins;
  const hh = h - 2 * ins;
  if (ww < 8 || hh < 8) return null;
  const P = 2 * (ww - 1) + 2 * (hh - 1);
  const pos = new Int32Array(P);
  let t = 0;
  for (let x = 0; x < ww - 1; x++) pos[t++] = ins * w + ins + x;
  for (let y = 0; y < hh - 1; y++) pos[t++] = (ins + y) * w + ins + ww - 1;
  for (let x = ww - 1; x > 0; x--) pos[t++] = (ins + hh - 1) * w + ins + x;
  for (let y = hh - 1; y > 0; y--) pos[t++] = (ins + y) * w + ins;
  const col = (k: number, c: number): number => mean[c]![pos[((k % P) + P) % P]!]!;
  const step = new Float32Array(P);
  for (let k = 0; k < P; k++) {
    step[k] = Math.hypot(col(k + 2, 0) - col(k - 2, 0), col(k + 2, 1) - col(k - 2, 1), col(k + 2, 2) - col(k - 2, 2));
  }
  const sorted = Float32Array.from(step).sort();
  const thr = Math.max(10, 4 * sorted[Math.floor(P / 2)]!);
  const cuts: number[] = [];
  for (let k = 0; k < P; k++) {
    const v = step[k]!;
    if (v < thr) continue;
    let isMax = true;
    for (let d = -2; d <= 2 && isMax; d++) {
      const u = step[(((k + d) % P) + P) % P]!;
      if (u > v || (u === v && d < 0)) isMax = false;
    }
    if (isMax) cuts.push(k);
  }
  if (cuts.length < 2) return null;
  // Runs between consecutive cuts (circular).
  const runs: Array<{ start: number; len: number; c: [number, number, number] }> = [];
  for (let i = 0; i < cuts.length; i++) {
    const a = cuts[i]!;
    const b = i + 1 < cuts.length ? cuts[i + 1]! : cuts[0]! + P;
    let c0 = 0;
    let c1 = 0;
    let c2 = 0;
    for (let k = a; k < b; k++) {
      c0 += col(k, 0);
      c1 += col(k, 1);
      c2 += col(k, 2);
    }
    const len = b - a;
    runs.push({ start: a, len, c: [c0 / len, c1 / len, c2 / len] });
  }
  const tau = Math.max(12, thr);
  const isForeign = new Uint8Array(P);
  let any = false;
  let foreignLen = 0;
  for (const r of runs) {
    if (r.len >= 0.3 * P) continue;
    let similar = 0;
    for (const o of runs) {
      if (o === r) continue;
      if (Math.hypot(o.c[0] - r.c[0], o.c[1] - r.c[1], o.c[2] - r.c[2]) < tau) similar += o.len;
    }
    if (r.len + similar >= 0.3 * P) continue;
    for (let k = r.start; k < r.start + r.len; k++) isForeign[k % P] = 1;
    foreignLen += r.len;
    any = true;
  }
  if (!any || foreignLen > 0.6 * P) return null;
  return {
    at(x: number, y: number): boolean {
      const cx = Math.min(ww - 1, Math.max(0, x - ins));
      const cy = Math.min(hh - 1, Math.max(0, y - ins));
      const dTop = y;
      const dBottom = h - 1 - y;
      const dLeft = x;
      const dRight = w - 1 - x;
      const m = Math.min(dTop, dBottom, dLeft, dRight);
      let k: number;
      if (m === dTop) k = cx;
      else if (m === dRight) k = ww - 1 + cy;
      else if (m === dBottom) k = ww - 1 + (hh - 1) + (ww - 1 - cx);
      else k = 2 * (ww - 1) + (hh - 1) + (hh - 1 - cy);
      return isForeign[k % P] === 1;
    },
  };
}

/** Threshold + morphology + border connectivity + holes + small components. Returns 0/1 subject mask. */
function classify(dist: Float32Array, w: number, h: number): Uint8Array {
  const n = w * h;
  const t = Math.min(6, Math.max(2.5, otsu(dist, 0, 20, 256)));
  let fg: Uint8Array = new Uint8Array(n);
  for (let i = 0; i < n; i++) fg[i] = dist[i]! > t ? 1 : 0;
  fg = dilate(erode(fg, w, h, 1), w, h, 1); // open: remove speckles
  fg = erode(dilate(fg, w, h, 2), w, h, 2); // close: bridge small gaps

  // Background = non-subject pixels connected to the border (4-connectivity).
  const label = new Int32Array(n); // 0 = unvisited, 1 = border background, >1 = enclosed region id
  const queue = new Int32Array(n);
  let qh = 0;
  let qt = 0;
  const seed = (i: number): void => {
    if (!fg[i] && label[i] === 0) {
      label[i] = 1;
      queue[qt++] = i;
    }
  };
  for (let x = 0; x < w; x++) {
    seed(x);
    seed((h - 1) * w + x);
  }
  for (let y = 0; y < h; y++) {
    seed(y * w);
    seed(y * w + w - 1);
  }
  while (qh < qt) {
    const i = queue[qh++]!;
    const x = i % w;
    if (x > 0) seed(i - 1);
    if (x < w - 1) seed(i + 1);
    if (i >= w) seed(i - w);
    if (i < n - w) seed(i + w);
  }
  // Enclosed non-subject regions (holes): background only if large and clearly background-like.
  const minHole = Math.max(48, n * 0.004);
  for (let s = 0; s < n; s++) {
    if (fg[s] || label[s] !== 0) continue;
    qh = 0;
    qt = 0;
    label[s] = 2;
    queue[qt++] = s;
    let sum = 0;
    while (qh < qt) {
      const i = queue[qh++]!;
      sum += dist[i]!;
      const x = i % w;
      const push = (j: number): void => {
        if (!fg[j] && label[j] === 0) {
          label[j] = 2;
          queue[qt++] = j;
        }
      };
      if (x > 0) push(i - 1);
      if (x < w - 1) push(i + 1);
      if (i >= w) push(i - w);
      if (i < n - w) push(i + w);
    }
    const isBackground = qt >= minHole && sum / qt < 0.5 * t;
    for (let k = 0; k < qt; k++) label[queue[k]!] = isBackground ? 1 : 3;
  }
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = label[i] === 1 ? 0 : 1;
  return dropSmallComponents(out, w, h);
}

/** Keeps subject components of at least max(0.05% of the image, 2% of the largest) (8-connected). */
function dropSmallComponents(mask: Uint8Array, w: number, h: number): Uint8Array {
  const n = w * h;
  const comp = new Int32Array(n).fill(-1);
  const queue = new Int32Array(n);
  const sizes: number[] = [];
  for (let s = 0; s < n; s++) {
    if (!mask[s] || comp[s] !== -1) continue;
    const id = sizes.length;
    let qh = 0;
    let qt = 0;
    comp[s] = id;
    queue[qt++] = s;
    while (qh < qt) {
      const i = queue[qh++]!;
      const x = i % w;
      const y = (i - x) / w;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= w) continue;
          const j = yy * w + xx;
          if (mask[j] && comp[j] === -1) {
            comp[j] = id;
            queue[qt++] = j;
          }
        }
      }
    }
    sizes.push(qt);
  }
  if (sizes.length <= 1) return mask;
  const largest = Math.max(...sizes);
  const min = Math.max(n * 0.0005, largest * 0.02);
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const c = comp[i]!;
    if (c >= 0 && sizes[c]! >= min) out[i] = 1;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Full-resolution refinement

function refineFullRes(dec: Decoded, low: LowRes, wantColour: boolean): AlphaResult {
  const { width: W, height: H, channels: ch, data } = dec;
  const N = W * H;
  const alpha = new Uint8Array(N);
  const empty: AlphaResult = { alpha, bandIndex: new Int32Array(0), bandColour: new Uint8Array(0), bandCount: 0 };
  if (low.empty) return empty;
  if (low.full) {
    alpha.fill(255);
    return empty;
  }
  const { w, h, sd } = low;
  const sx = w / W;
  const sy = h / H;
  const scale = Math.max(W / w, H / h);
  // Half-width of the refinement band, full-res px (covers the low-res uncertainty).
  const D = Math.max(3.5, 2.5 * scale + 1.5);
  const ramp = Math.max(1, 0.75 * scale);
  // Column lookup for bilinear interpolation from the low-res grid.
  const colI = new Int32Array(W);
  const colT = new Float32Array(W);
  for (let X = 0; X < W; X++) {
    const lx = Math.min(w - 1, Math.max(0, (X + 0.5) * sx - 0.5));
    const i0 = Math.min(w - 2, Math.floor(lx));
    colI[X] = Math.max(0, i0);
    colT[X] = w > 1 ? lx - Math.max(0, i0) : 0;
  }
  const rowBuf = new Float32Array(w + 1);
  let band = new Int32Array(1 << 16);
  let bandSd = new Float32Array(1 << 16);
  let count = 0;
  const lim = D / scale + 1.5; // low-res units: beyond this on every neighbour, the row is uniform.
  for (let Y = 0; Y < H; Y++) {
    const ly = Math.min(h - 1, Math.max(0, (Y + 0.5) * sy - 0.5));
    const j0 = Math.max(0, Math.min(h - 2, Math.floor(ly)));
    const ty = h > 1 ? ly - j0 : 0;
    const j1 = h > 1 ? j0 + 1 : j0;
    let allIn = true;
    let allOut = true;
    for (let i = 0; i < w; i++) {
      const v = sd[j0 * w + i]! * (1 - ty) + sd[j1 * w + i]! * ty;
      rowBuf[i] = v;
      if (v < lim) allIn = false;
      if (v > -lim) allOut = false;
    }
    rowBuf[w] = rowBuf[w - 1]!;
    const base = Y * W;
    if (allOut) continue;
    if (allIn) {
      alpha.fill(255, base, base + W);
      continue;
    }
    for (let X = 0; X < W; X++) {
      const i0 = colI[X]!;
      const t = colT[X]!;
      const v = (rowBuf[i0]! * (1 - t) + rowBuf[i0 + 1]! * t) * scale;
      if (v >= D) alpha[base + X] = 255;
      else if (v > -D) {
        if (count === band.length) {
          const nb = new Int32Array(band.length * 2);
          nb.set(band);
          band = nb;
          const ns = new Float32Array(bandSd.length * 2);
          ns.set(bandSd);
          bandSd = ns;
        }
        band[count] = base + X;
        bandSd[count] = v;
        count++;
      }
    }
  }

  // Pixel noise variance (per channel) estimated on full-res border samples.
  const noiseVar = estimateNoise(data, W, H, ch);
  const shrink = noiseVar / (noiseVar + 16);
  const penalty = 3 * noiseVar + 50;
  // Where the colour evidence is trusted fully (low-res boundary uncertainty), fading out to D.
  const trusted = 1.25 * scale + 1;

  const palette = low.palette;
  const fgPal = low.fgPalette;
  const fgP = low.fg;
  const bgP = low.bg;
  const bandAlpha = new Float32Array(count);
  const bandColour = new Uint8Array(wantColour ? count * 3 : 0);
  // Candidate colours: index 0 is the local estimate, then the palettes.
  const nb = palette.length + 1;
  const nf = fgPal.length + 1;
  const candB = new Float64Array(nb * 3);
  const candF = new Float64Array(nf * 3);
  for (let k = 0; k < palette.length; k++) candB.set(palette[k]!, (k + 1) * 3);
  for (let k = 0; k < fgPal.length; k++) candF.set(fgPal[k]!, (k + 1) * 3);
  for (let k = 0; k < count; k++) {
    const idx = band[k]!;
    const X = idx % W;
    const Y = (idx - X) / W;
    // 3x3 mean colour.
    let cr = 0;
    let cg = 0;
    let cb = 0;
    let cn = 0;
    for (let yy = Math.max(0, Y - 1); yy <= Math.min(H - 1, Y + 1); yy++) {
      for (let xx = Math.max(0, X - 1); xx <= Math.min(W - 1, X + 1); xx++) {
        const s = (yy * W + xx) * ch;
        cr += data[s]!;
        cg += data[s + 1]!;
        cb += data[s + 2]!;
        cn++;
      }
    }
    // Shrink towards the 3x3 mean only as much as the noise level calls for (sharp edges stay sharp).
    const s0 = idx * ch;
    cr = data[s0]! + (cr / cn - data[s0]!) * shrink;
    cg = data[s0 + 1]! + (cg / cn - data[s0 + 1]!) * shrink;
    cb = data[s0 + 2]! + (cb / cn - data[s0 + 2]!) * shrink;
    // Local foreground/background estimates (bilinear from the low-res maps).
    const lx = Math.min(w - 1, Math.max(0, (X + 0.5) * sx - 0.5));
    const ly = Math.min(h - 1, Math.max(0, (Y + 0.5) * sy - 0.5));
    const i0 = Math.min(Math.max(0, w - 2), Math.floor(lx));
    const j0 = Math.min(Math.max(0, h - 2), Math.floor(ly));
    const i1 = Math.min(w - 1, i0 + 1);
    const j1 = Math.min(h - 1, j0 + 1);
    const tx = lx - i0;
    const ty = ly - j0;
    const a00 = j0 * w + i0;
    const a01 = j0 * w + i1;
    const a10 = j1 * w + i0;
    const a11 = j1 * w + i1;
    const w00 = (1 - tx) * (1 - ty);
    const w01 = tx * (1 - ty);
    const w10 = (1 - tx) * ty;
    const w11 = tx * ty;
    for (let c = 0; c < 3; c++) {
      const f = fgP[c]!;
      const b = bgP[c]!;
      candF[c] = f[a00]! * w00 + f[a01]! * w01 + f[a10]! * w10 + f[a11]! * w11;
      candB[c] = b[a00]! * w00 + b[a01]! * w01 + b[a10]! * w10 + b[a11]! * w11;
    }

    const v = bandSd[k]!;
    const prior = Math.min(1, Math.max(0, 0.5 + v / (2 * ramp)));
    // Colour-line matting: alpha such that C ~ alpha F + (1 - alpha) B over candidate pairs.
    let bestRes = Infinity;
    let bestA = prior;
    let bestFB = 0;
    let bestB = 0;
    let bestF = 0;
    for (let fi = 0; fi < nf; fi++) {
      const fr = candF[fi * 3]!;
      const fg = candF[fi * 3 + 1]!;
      const fb = candF[fi * 3 + 2]!;
      for (let bi = 0; bi < nb; bi++) {
        const br = candB[bi * 3]!;
        const bgg = candB[bi * 3 + 1]!;
        const bb = candB[bi * 3 + 2]!;
        const dr = fr - br;
        const dg = fg - bgg;
        const db = fb - bb;
        const fb2 = dr * dr + dg * dg + db * db;
        if (fb2 < 225) continue;
        let a = ((cr - br) * dr + (cg - bgg) * dg + (cb - bb) * db) / fb2;
        a = a < 0 ? 0 : a > 1 ? 1 : a;
        const er = cr - br - a * dr;
        const eg = cg - bgg - a * dg;
        const eb = cb - bb - a * db;
        // Non-local (palette) candidates must explain the pixel clearly better than the local pair.
        const res = er * er + eg * eg + eb * eb + (fi === 0 && bi === 0 ? 0 : fi === 0 || bi === 0 ? penalty : 2 * penalty);
        if (res < bestRes) {
          bestRes = res;
          bestA = a;
          bestFB = fb2;
          bestB = bi;
          bestF = fi;
        }
      }
    }
    let a = prior;
    if (bestRes < Infinity) {
      const av = Math.abs(v);
      const fall = av <= trusted ? 1 : Math.max(0, (D - av) / (D - trusted));
      const conf = (fall * bestFB) / (bestFB + 2 * bestRes + (12 * noiseVar) / 9 + 1);
      a = conf * bestA + (1 - conf) * prior;
    }
    a = (a - 0.5) * 1.5 + 0.5;
    bandAlpha[k] = a < 0 ? 0 : a > 1 ? 1 : a;
    if (wantColour) {
      // Foreground colour of this pixel: C = a F + (1 - a) B solved for F where the matting alpha
      // is informative, the local foreground estimate where it is not (pixels that only become
      // partly opaque through feathering must not carry the background's colour).
      const am = bandAlpha[k]!;
      const t = Math.min(1, Math.max(0, (am - 0.05) / 0.25));
      for (let c = 0; c < 3; c++) {
        const C = data[s0 + c]!;
        let f = C;
        if (am < 0.98) f = t * ((C - (1 - am) * candB[bestB * 3 + c]!) / Math.max(am, 0.05)) + (1 - t) * candF[bestF * 3 + c]!;
        bandColour[k * 3 + c] = f < 0 ? 0 : f > 255 ? 255 : Math.round(f);
      }
    }
  }
  for (let k = 0; k < count; k++) alpha[band[k]!] = Math.round(bandAlpha[k]! * 255);
  // Feather: 3x3 box on the band.
  for (let k = 0; k < count; k++) {
    const idx = band[k]!;
    const X = idx % W;
    const Y = (idx - X) / W;
    let s = 0;
    let c = 0;
    for (let yy = Math.max(0, Y - 1); yy <= Math.min(H - 1, Y + 1); yy++) {
      for (let xx = Math.max(0, X - 1); xx <= Math.min(W - 1, X + 1); xx++) {
        s += alpha[yy * W + xx]!;
        c++;
      }
    }
    bandAlpha[k] = s / c;
  }
  for (let k = 0; k < count; k++) alpha[band[k]!] = Math.round(bandAlpha[k]!);

  return { alpha, bandIndex: band, bandColour, bandCount: count };
}

function estimateNoise(data: Uint8Array, W: number, H: number, ch: number): number {
  if (W < 5 || H < 5) return 0;
  const m = Math.max(2, Math.round(0.02 * Math.max(W, H)));
  let sum = 0;
  let cnt = 0;
  const step = Math.max(1, Math.floor((2 * (W + H)) / 4000));
  const sampleAt = (X: number, Y: number): void => {
    for (let c = 0; c < 3; c++) {
      let s = 0;
      for (let yy = Y - 1; yy <= Y + 1; yy++) for (let xx = X - 1; xx <= X + 1; xx++) s += data[(yy * W + xx) * ch + c]!;
      const d = data[(Y * W + X) * ch + c]! - s / 9;
      sum += d * d;
      cnt++;
    }
  };
  const yTop = Math.min(m, H - 2);
  const yBot = Math.max(1, H - 1 - m);
  const xL = Math.min(m, W - 2);
  const xR = Math.max(1, W - 1 - m);
  for (let X = 1; X < W - 1; X += step) {
    sampleAt(X, yTop);
    sampleAt(X, yBot);
  }
  for (let Y = 1; Y < H - 1; Y += step) {
    sampleAt(xL, Y);
    sampleAt(xR, Y);
  }
  return cnt > 0 ? ((sum / cnt) * 9) / 8 : 0;
}

// ---------------------------------------------------------------------------------------------
// Colour, statistics and models

const SRGB_TO_LINEAR = (() => {
  const t = new Float32Array(256);
  for (let i = 0; i < 256; i++) {
    const c = i / 255;
    t[i] = c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }
  return t;
})();

function labF(t: number): number {
  return t > 0.008856451679 ? Math.cbrt(t) : t * 7.787037037 + 16 / 116;
}

/** sRGB (interleaved, 3 channels) to CIE Lab (D65) planes. */
function srgbToLabPlanes(rgb: Uint8Array, n: number): Float32Array[] {
  const L = new Float32Array(n);
  const A = new Float32Array(n);
  const B = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const r = SRGB_TO_LINEAR[rgb[i * 3]!]!;
    const g = SRGB_TO_LINEAR[rgb[i * 3 + 1]!]!;
    const b = SRGB_TO_LINEAR[rgb[i * 3 + 2]!]!;
    const x = labF((0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047);
    const y = labF(0.2126729 * r + 0.7151522 * g + 0.072175 * b);
    const z = labF((0.0193339 * r + 0.119192 * g + 0.9503041 * b) / 1.08883);
    L[i] = 116 * y - 16;
    A[i] = 500 * (x - y);
    B[i] = 200 * (y - z);
  }
  return [L, A, B];
}

function quantile(sorted: Float32Array, q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))]!;
}

interface KMeans {
  k: number;
  centers: Float64Array;
  spread: Float64Array;
  assign: Int32Array;
}

/** K-means on 3-channel samples; farthest-point initialisation (deterministic), RMS spreads. */
function kmeans(planes: Float32Array[], samples: number[], maxK: number, minSeparation2 = 4): KMeans {
  const m = samples.length;
  const X = new Float64Array(m * 3);
  for (let s = 0; s < m; s++) {
    const i = samples[s]!;
    X[s * 3] = planes[0]![i]!;
    X[s * 3 + 1] = planes[1]![i]!;
    X[s * 3 + 2] = planes[2]![i]!;
  }
  const centers = new Float64Array(maxK * 3);
  const assign = new Int32Array(m);
  if (m === 0) return { k: 0, centers, spread: new Float64Array(0), assign };
  // First centre: the sample closest to the mean.
  let mx = 0;
  let my = 0;
  let mz = 0;
  for (let s = 0; s < m; s++) {
    mx += X[s * 3]!;
    my += X[s * 3 + 1]!;
    mz += X[s * 3 + 2]!;
  }
  mx /= m;
  my /= m;
  mz /= m;
  const minD = new Float64Array(m).fill(Infinity);
  let first = 0;
  let fd = Infinity;
  for (let s = 0; s < m; s++) {
    const d = (X[s * 3]! - mx) ** 2 + (X[s * 3 + 1]! - my) ** 2 + (X[s * 3 + 2]! - mz) ** 2;
    if (d < fd) {
      fd = d;
      first = s;
    }
  }
  let k = 0;
  let next = first;
  while (k < maxK) {
    centers[k * 3] = X[next * 3]!;
    centers[k * 3 + 1] = X[next * 3 + 1]!;
    centers[k * 3 + 2] = X[next * 3 + 2]!;
    k++;
    let far = -1;
    let farD = 0;
    for (let s = 0; s < m; s++) {
      const d = (X[s * 3]! - centers[(k - 1) * 3]!) ** 2 + (X[s * 3 + 1]! - centers[(k - 1) * 3 + 1]!) ** 2 + (X[s * 3 + 2]! - centers[(k - 1) * 3 + 2]!) ** 2;
      if (d < minD[s]!) minD[s] = d;
      if (minD[s]! > farD) {
        farD = minD[s]!;
        far = s;
      }
    }
    if (far < 0 || farD < minSeparation2) break; // everything is close to some centre
    next = far;
  }
  const sums = new Float64Array(k * 4);
  for (let iter = 0; iter < 12; iter++) {
    sums.fill(0);
    for (let s = 0; s < m; s++) {
      let best = 0;
      let bd = Infinity;
      for (let c = 0; c < k; c++) {
        const d = (X[s * 3]! - centers[c * 3]!) ** 2 + (X[s * 3 + 1]! - centers[c * 3 + 1]!) ** 2 + (X[s * 3 + 2]! - centers[c * 3 + 2]!) ** 2;
        if (d < bd) {
          bd = d;
          best = c;
        }
      }
      assign[s] = best;
      sums[best * 4] = sums[best * 4]! + X[s * 3]!;
      sums[best * 4 + 1] = sums[best * 4 + 1]! + X[s * 3 + 1]!;
      sums[best * 4 + 2] = sums[best * 4 + 2]! + X[s * 3 + 2]!;
      sums[best * 4 + 3] = sums[best * 4 + 3]! + 1;
    }
    for (let c = 0; c < k; c++) {
      const cnt = sums[c * 4 + 3]!;
      if (cnt > 0) {
        centers[c * 3] = sums[c * 4]! / cnt;
        centers[c * 3 + 1] = sums[c * 4 + 1]! / cnt;
        centers[c * 3 + 2] = sums[c * 4 + 2]! / cnt;
      }
    }
  }
  const spread = new Float64Array(k);
  const cnts = new Float64Array(k);
  for (let s = 0; s < m; s++) {
    const c = assign[s]!;
    spread[c] = spread[c]! + (X[s * 3]! - centers[c * 3]!) ** 2 + (X[s * 3 + 1]! - centers[c * 3 + 1]!) ** 2 + (X[s * 3 + 2]! - centers[c * 3 + 2]!) ** 2;
    cnts[c] = cnts[c]! + 1;
  }
  for (let c = 0; c < k; c++) spread[c] = cnts[c]! > 0 ? Math.sqrt(spread[c]! / cnts[c]!) : 0;
  // Empty clusters keep their (sample) centre with zero spread: harmless.
  return { k, centers, spread, assign };
}

/** Least-squares quadratic surface per channel over the given samples (u, v normalised to [-1, 1]). */
function fitQuadratic(planes: Float32Array[], samples: number[], w: number, h: number) {
  const T = 6;
  const basis = (u: number, v: number, out: Float64Array): void => {
    out[0] = 1;
    out[1] = u;
    out[2] = v;
    out[3] = u * u;
    out[4] = u * v;
    out[5] = v * v;
  };
  const ata = new Float64Array(T * T);
  const atb = new Float64Array(T * 3);
  const phi = new Float64Array(T);
  const nx = (x: number): number => (w > 1 ? (2 * x) / (w - 1) - 1 : 0);
  const ny = (y: number): number => (h > 1 ? (2 * y) / (h - 1) - 1 : 0);
  for (const i of samples) {
    const x = i % w;
    const y = (i - x) / w;
    basis(nx(x), ny(y), phi);
    for (let a = 0; a < T; a++) {
      for (let b = 0; b < T; b++) ata[a * T + b] = ata[a * T + b]! + phi[a]! * phi[b]!;
      for (let c = 0; c < 3; c++) atb[c * T + a] = atb[c * T + a]! + phi[a]! * planes[c]![i]!;
    }
  }
  for (let a = 0; a < T; a++) ata[a * T + a] = ata[a * T + a]! + 1e-6 * samples.length + 1e-9;
  const coef = [0, 1, 2].map((c) => solve(ata, atb.subarray(c * T, c * T + T), T));
  return {
    distances(p: Float32Array[], ww: number, hh: number, out: Float32Array): void {
      const ph = new Float64Array(T);
      for (let y = 0; y < hh; y++) {
        for (let x = 0; x < ww; x++) {
          basis(nx(x), ny(y), ph);
          const i = y * ww + x;
          let d = 0;
          for (let c = 0; c < 3; c++) {
            const cc = coef[c]!;
            let v = 0;
            for (let a = 0; a < T; a++) v += cc[a]! * ph[a]!;
            d += (p[c]![i]! - v) ** 2;
          }
          out[i] = Math.sqrt(d);
        }
      }
    },
  };
}

/** Gaussian elimination with partial pivoting (small dense systems). */
function solve(Ain: Float64Array, bin: Float64Array, n: number): Float64Array {
  const A = Float64Array.from(Ain);
  const b = Float64Array.from(bin);
  for (let col = 0; col < n; col++) {
    let piv = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(A[r * n + col]!) > Math.abs(A[piv * n + col]!)) piv = r;
    if (piv !== col) {
      for (let c = 0; c < n; c++) {
        const t = A[col * n + c]!;
        A[col * n + c] = A[piv * n + c]!;
        A[piv * n + c] = t;
      }
      const t = b[col]!;
      b[col] = b[piv]!;
      b[piv] = t;
    }
    const d = A[col * n + col]!;
    if (Math.abs(d) < 1e-12) continue;
    for (let r = col + 1; r < n; r++) {
      const f = A[r * n + col]! / d;
      if (f === 0) continue;
      for (let c = col; c < n; c++) A[r * n + c] = A[r * n + c]! - f * A[col * n + c]!;
      b[r] = b[r]! - f * b[col]!;
    }
  }
  const x = new Float64Array(n);
  for (let r = n - 1; r >= 0; r--) {
    let s = b[r]!;
    for (let c = r + 1; c < n; c++) s -= A[r * n + c]! * x[c]!;
    const d = A[r * n + r]!;
    x[r] = Math.abs(d) < 1e-12 ? 0 : s / d;
  }
  return x;
}

/** Otsu threshold of values clamped to [lo, hi]. */
function otsu(values: Float32Array, lo: number, hi: number, bins: number): number {
  const hist = new Float64Array(bins);
  const scale = bins / (hi - lo);
  for (let i = 0; i < values.length; i++) {
    let b = Math.floor((values[i]! - lo) * scale);
    if (b < 0) b = 0;
    else if (b >= bins) b = bins - 1;
    hist[b] = hist[b]! + 1;
  }
  const total = values.length;
  let sumAll = 0;
  for (let b = 0; b < bins; b++) sumAll += b * hist[b]!;
  let wB = 0;
  let sumB = 0;
  let best = -1;
  let bestB = 0;
  for (let b = 0; b < bins; b++) {
    wB += hist[b]!;
    if (wB === 0) continue;
    const wF = total - wB;
    if (wF === 0) break;
    sumB += b * hist[b]!;
    const mB = sumB / wB;
    const mF = (sumAll - sumB) / wF;
    const between = wB * wF * (mB - mF) ** 2;
    if (between > best) {
      best = between;
      bestB = b;
    }
  }
  return lo + (bestB + 1) / scale;
}

// ---------------------------------------------------------------------------------------------
// Filters and morphology (all linear-time)

/** Separable box mean with radius r (edge-normalised). */
function boxBlur(src: Float32Array, w: number, h: number, r: number): Float32Array {
  const tmp = new Float32Array(w * h);
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let s = 0;
    let c = 0;
    for (let x = 0; x <= Math.min(r, w - 1); x++) {
      s += src[row + x]!;
      c++;
    }
    for (let x = 0; x < w; x++) {
      tmp[row + x] = s / c;
      const add = x + r + 1;
      const rem = x - r;
      if (add < w) {
        s += src[row + add]!;
        c++;
      }
      if (rem >= 0) {
        s -= src[row + rem]!;
        c--;
      }
    }
  }
  for (let x = 0; x < w; x++) {
    let s = 0;
    let c = 0;
    for (let y = 0; y <= Math.min(r, h - 1); y++) {
      s += tmp[y * w + x]!;
      c++;
    }
    for (let y = 0; y < h; y++) {
      out[y * w + x] = s / c;
      const add = y + r + 1;
      const rem = y - r;
      if (add < h) {
        s += tmp[add * w + x]!;
        c++;
      }
      if (rem >= 0) {
        s -= tmp[rem * w + x]!;
        c--;
      }
    }
  }
  return out;
}

/** Square min filter of radius r (separable; O(n r), r is tiny here). */
function minFilter(src: Float32Array, w: number, h: number, r: number): Float32Array {
  const tmp = new Float32Array(w * h);
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let m = Infinity;
      for (let k = Math.max(0, x - r); k <= Math.min(w - 1, x + r); k++) m = Math.min(m, src[y * w + k]!);
      tmp[y * w + x] = m;
    }
  }
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let m = Infinity;
      for (let k = Math.max(0, y - r); k <= Math.min(h - 1, y + r); k++) m = Math.min(m, tmp[k * w + x]!);
      out[y * w + x] = m;
    }
  }
  return out;
}

/** Binary dilation with a (2r+1)^2 square, via separable running counts. */
function dilate(mask: Uint8Array, w: number, h: number, r: number): Uint8Array {
  return morph(mask, w, h, r, true);
}

/** Binary erosion with a (2r+1)^2 square; outside the image counts as background-agnostic (ignored). */
function erode(mask: Uint8Array, w: number, h: number, r: number): Uint8Array {
  return morph(mask, w, h, r, false);
}

function morph(mask: Uint8Array, w: number, h: number, r: number, isDilate: boolean): Uint8Array {
  if (r <= 0) return Uint8Array.from(mask);
  const tmp = new Uint8Array(w * h);
  const out = new Uint8Array(w * h);
  // For erosion we dilate the complement.
  const val = (v: number): number => (isDilate ? v : 1 - v);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let c = 0;
    for (let x = 0; x <= Math.min(r, w - 1); x++) c += val(mask[row + x]!);
    for (let x = 0; x < w; x++) {
      tmp[row + x] = c > 0 ? 1 : 0;
      if (x + r + 1 < w) c += val(mask[row + x + r + 1]!);
      if (x - r >= 0) c -= val(mask[row + x - r]!);
    }
  }
  for (let x = 0; x < w; x++) {
    let c = 0;
    for (let y = 0; y <= Math.min(r, h - 1); y++) c += tmp[y * w + x]!;
    for (let y = 0; y < h; y++) {
      const v = c > 0 ? 1 : 0;
      out[y * w + x] = isDilate ? v : 1 - v;
      if (y + r + 1 < h) c += tmp[(y + r + 1) * w + x]!;
      if (y - r >= 0) c -= tmp[(y - r) * w + x]!;
    }
  }
  return out;
}

function invert(mask: Uint8Array): Uint8Array {
  const out = new Uint8Array(mask.length);
  for (let i = 0; i < mask.length; i++) out[i] = mask[i] ? 0 : 1;
  return out;
}

function countOf(mask: Uint8Array): number {
  let c = 0;
  for (let i = 0; i < mask.length; i++) c += mask[i]!;
  return c;
}

/** Exact squared Euclidean distance transform (Felzenszwalb & Huttenlocher) to pixels where `seed` is 1. */
export function squaredDistanceTransform(seed: Uint8Array, w: number, h: number): Float32Array {
  const INF = 1e20;
  const n = Math.max(w, h);
  const f = new Float64Array(n);
  const d = new Float64Array(n);
  const v = new Int32Array(n);
  const z = new Float64Array(n + 1);
  const out = new Float32Array(w * h);
  const tmp = new Float64Array(w * h);
  const pass = (len: number): void => {
    let k = 0;
    v[0] = 0;
    z[0] = -INF;
    z[1] = INF;
    for (let q = 1; q < len; q++) {
      let s = (f[q]! + q * q - (f[v[k]!]! + v[k]! * v[k]!)) / (2 * q - 2 * v[k]!);
      while (s <= z[k]!) {
        k--;
        s = (f[q]! + q * q - (f[v[k]!]! + v[k]! * v[k]!)) / (2 * q - 2 * v[k]!);
      }
      k++;
      v[k] = q;
      z[k] = s;
      z[k + 1] = INF;
    }
    k = 0;
    for (let q = 0; q < len; q++) {
      while (z[k + 1]! < q) k++;
      const dq = q - v[k]!;
      d[q] = dq * dq + f[v[k]!]!;
    }
  };
  for (let x = 0; x < w; x++) {
    for (let y = 0; y < h; y++) f[y] = seed[y * w + x] ? 0 : INF;
    pass(h);
    for (let y = 0; y < h; y++) tmp[y * w + x] = d[y]!;
  }
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) f[x] = tmp[y * w + x]!;
    pass(w);
    for (let x = 0; x < w; x++) out[y * w + x] = Math.min(d[x]!, 1e12);
  }
  return out;
}

/** Signed distance (low-res px) to the boundary of a binary mask, positive inside. */
function signedDistance(mask: Uint8Array, w: number, h: number): Float32Array {
  const toBg = squaredDistanceTransform(invert(mask), w, h);
  const toFg = squaredDistanceTransform(mask, w, h);
  const out = new Float32Array(w * h);
  for (let i = 0; i < out.length; i++) {
    out[i] = mask[i] ? Math.sqrt(toBg[i]!) - 0.5 : -(Math.sqrt(toFg[i]!) - 0.5);
  }
  return out;
}

/**
 * Push-pull (pyramid normalised convolution) interpolation: fills every pixel with a smooth
 * estimate from the weighted samples. Levels finer than `minLevel` never use their own samples,
 * so the result there is a local average over at least 2^minLevel pixels.
 */
function pushPull(planes: Float32Array[], weight: Uint8Array, w: number, h: number, minLevel: number): Float32Array[] {
  const C = planes.length;
  const levels: Array<{ w: number; h: number; sum: Float32Array[]; wt: Float32Array }> = [];
  {
    const wt = new Float32Array(w * h);
    const sum = planes.map(() => new Float32Array(w * h));
    for (let i = 0; i < w * h; i++) {
      const a = weight[i]!;
      wt[i] = a;
      if (a) for (let c = 0; c < C; c++) sum[c]![i] = planes[c]![i]! * a;
    }
    levels.push({ w, h, sum, wt });
  }
  while (true) {
    const prev = levels[levels.length - 1]!;
    if (prev.w <= 1 && prev.h <= 1) break;
    const nw = Math.max(1, Math.ceil(prev.w / 2));
    const nh = Math.max(1, Math.ceil(prev.h / 2));
    const wt = new Float32Array(nw * nh);
    const sum = planes.map(() => new Float32Array(nw * nh));
    for (let y = 0; y < prev.h; y++) {
      const py = y >> 1;
      for (let x = 0; x < prev.w; x++) {
        const j = py * nw + (x >> 1);
        const i = y * prev.w + x;
        wt[j] = wt[j]! + prev.wt[i]!;
        for (let c = 0; c < C; c++) sum[c]![j] = sum[c]![j]! + prev.sum[c]![i]!;
      }
    }
    levels.push({ w: nw, h: nh, sum, wt });
  }
  // Pull: coarse to fine.
  const top = levels[levels.length - 1]!;
  let val = planes.map((_, c) => {
    const out = new Float32Array(top.w * top.h);
    for (let i = 0; i < out.length; i++) out[i] = top.wt[i]! > 0 ? top.sum[c]![i]! / top.wt[i]! : 0;
    return out;
  });
  for (let L = levels.length - 2; L >= 0; L--) {
    const lv = levels[L]!;
    const up = levels[L + 1]!;
    const next = planes.map(() => new Float32Array(lv.w * lv.h));
    for (let y = 0; y < lv.h; y++) {
      const fy = Math.min(up.h - 1, Math.max(0, (y + 0.5) / 2 - 0.5));
      const y0 = Math.floor(fy);
      const y1 = Math.min(up.h - 1, y0 + 1);
      const ty = fy - y0;
      for (let x = 0; x < lv.w; x++) {
        const i = y * lv.w + x;
        const own = L >= minLevel && lv.wt[i]! > 0;
        if (own) {
          for (let c = 0; c < C; c++) next[c]![i] = lv.sum[c]![i]! / lv.wt[i]!;
          continue;
        }
        const fx = Math.min(up.w - 1, Math.max(0, (x + 0.5) / 2 - 0.5));
        const x0 = Math.floor(fx);
        const x1 = Math.min(up.w - 1, x0 + 1);
        const tx = fx - x0;
        for (let c = 0; c < C; c++) {
          const v = val[c]!;
          next[c]![i] =
            (v[y0 * up.w + x0]! * (1 - tx) + v[y0 * up.w + x1]! * tx) * (1 - ty) + (v[y1 * up.w + x0]! * (1 - tx) + v[y1 * up.w + x1]! * tx) * ty;
        }
      }
    }
    val = next;
  }
  return val;
}
