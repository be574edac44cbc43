// Deterministic, generated test images with known ground truth for the embedded image tools
// (background removal and inpainting). Everything is drawn in code from a seeded RNG; no files.
import sharp from 'sharp';

export interface MaskedSample {
  name: string;
  /** PNG, RGB. */
  image: Buffer;
  /** Ground-truth subject mask, 1 = foreground (shape geometry sampled at pixel centres), row-major. */
  mask: Uint8Array;
  width: number;
  height: number;
}

export interface InpaintSample {
  name: string;
  /** PNG, RGB: the background with an object painted over it. */
  image: Buffer;
  /** PNG mask, white = remove, black = keep; covers the object. */
  mask: Buffer;
  width: number;
  height: number;
  /** The painted object's rectangle (x0, y0 inclusive; x1, y1 exclusive) and colour. */
  object: { x0: number; y0: number; x1: number; y1: number; color: [number, number, number] };
  /** The clean background (RGB, width*height*3) that the object was painted over. */
  background: Uint8Array;
}

// ---------------------------------------------------------------------------------------------
// Seeded randomness

/** mulberry32: small, fast, deterministic PRNG returning floats in [0, 1). */
export function seededRng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gaussianRng(seed: number): () => number {
  const u = seededRng(seed);
  let spare: number | null = null;
  return () => {
    if (spare !== null) {
      const s = spare;
      spare = null;
      return s;
    }
    let a = u();
    if (a < 1e-12) a = 1e-12;
    const b = u();
    const r = Math.sqrt(-2 * Math.log(a));
    spare = r * Math.sin(2 * Math.PI * b);
    return r * Math.cos(2 * Math.PI * b);
  };
}

// ---------------------------------------------------------------------------------------------
// A tiny float RGB canvas

type RGB = [number, number, number];

class Canvas {
  readonly data: Float32Array;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = new Float32Array(width * height * 3);
  }

  fill(fn: (x: number, y: number) => RGB): void {
    const { width, height, data } = this;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const c = fn(x, y);
        const i = (y * width + x) * 3;
        data[i] = c[0];
        data[i + 1] = c[1];
        data[i + 2] = c[2];
      }
    }
  }

  /** Adds independent gaussian noise (per channel) of standard deviation sigma. */
  noise(sigma: number, seed: number): void {
    const g = gaussianRng(seed);
    const d = this.data;
    for (let i = 0; i < d.length; i++) d[i] = d[i]! + sigma * g();
  }

  /**
   * Paints a shape given by its signed distance function (pixels, negative inside) with analytic
   * anti-aliasing (coverage = clamp(0.5 - sdf)). `mask` receives the ground truth (sdf < 0 at the
   * pixel centre). `color` may vary per pixel (internal texture).
   */
  paint(shape: Shape, color: (x: number, y: number) => RGB, mask?: Uint8Array): void {
    const { width, height, data } = this;
    const x0 = Math.max(0, Math.floor(shape.bbox[0]) - 2);
    const y0 = Math.max(0, Math.floor(shape.bbox[1]) - 2);
    const x1 = Math.min(width - 1, Math.ceil(shape.bbox[2]) + 2);
    const y1 = Math.min(height - 1, Math.ceil(shape.bbox[3]) + 2);
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const d = shape.sdf(x + 0.5, y + 0.5);
        const cov = Math.min(1, Math.max(0, 0.5 - d));
        if (cov <= 0) continue;
        const c = color(x, y);
        const i = (y * width + x) * 3;
        data[i] = data[i]! * (1 - cov) + c[0] * cov;
        data[i + 1] = data[i + 1]! * (1 - cov) + c[1] * cov;
        data[i + 2] = data[i + 2]! * (1 - cov) + c[2] * cov;
        if (mask && d < 0) mask[y * width + x] = 1;
      }
    }
  }

  toBytes(): Uint8Array {
    const out = new Uint8Array(this.data.length);
    for (let i = 0; i < out.length; i++) out[i] = Math.max(0, Math.min(255, Math.round(this.data[i]!)));
    return out;
  }

  async toPng(): Promise<Buffer> {
    return rawToPng(this.toBytes(), this.width, this.height);
  }
}

function rawToPng(bytes: Uint8Array, width: number, height: number): Promise<Buffer> {
  return sharp(bytes, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 3 })
    .toBuffer();
}

// ---------------------------------------------------------------------------------------------
// Shapes as signed distance functions (pixels; negative inside)

interface Shape {
  sdf(x: number, y: number): number;
  bbox: [number, number, number, number];
}

function circle(cx: number, cy: number, r: number): Shape {
  return { sdf: (x, y) => Math.hypot(x - cx, y - cy) - r, bbox: [cx - r, cy - r, cx + r, cy + r] };
}

function ellipse(cx: number, cy: number, rx: number, ry: number): Shape {
  // Approximate SDF (exact on the axes, good enough for 1-px anti-aliasing).
  return {
    sdf: (x, y) => {
      const dx = (x - cx) / rx;
      const dy = (y - cy) / ry;
      const k = Math.hypot(dx, dy);
      if (k === 0) return -Math.min(rx, ry);
      const g = Math.hypot(dx / rx, dy / ry);
      return (k * (k - 1)) / g;
    },
    bbox: [cx - rx, cy - ry, cx + rx, cy + ry],
  };
}

function roundRect(cx: number, cy: number, hw: number, hh: number, rad: number): Shape {
  return {
    sdf: (x, y) => {
      const qx = Math.abs(x - cx) - hw + rad;
      const qy = Math.abs(y - cy) - hh + rad;
      return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - rad;
    },
    bbox: [cx - hw, cy - hh, cx + hw, cy + hh],
  };
}

function capsule(ax: number, ay: number, bx: number, by: number, r: number): Shape {
  const vx = bx - ax;
  const vy = by - ay;
  const vv = vx * vx + vy * vy;
  return {
    sdf: (x, y) => {
      const t = Math.max(0, Math.min(1, ((x - ax) * vx + (y - ay) * vy) / vv));
      return Math.hypot(x - ax - t * vx, y - ay - t * vy) - r;
    },
    bbox: [Math.min(ax, bx) - r, Math.min(ay, by) - r, Math.max(ax, bx) + r, Math.max(ay, by) + r],
  };
}

function polygon(points: Array<[number, number]>): Shape {
  const n = points.length;
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const [px, py] of points) {
    x0 = Math.min(x0, px);
    y0 = Math.min(y0, py);
    x1 = Math.max(x1, px);
    y1 = Math.max(y1, py);
  }
  return {
    sdf: (x, y) => {
      let best = Infinity;
      let inside = false;
      for (let i = 0, j = n - 1; i < n; j = i++) {
        const [ax, ay] = points[j]!;
        const [bx, by] = points[i]!;
        const ex = bx - ax;
        const ey = by - ay;
        const t = Math.max(0, Math.min(1, ((x - ax) * ex + (y - ay) * ey) / (ex * ex + ey * ey)));
        best = Math.min(best, Math.hypot(x - ax - t * ex, y - ay - t * ey));
        if (ay > y !== by > y && x < ((bx - ax) * (y - ay)) / (by - ay) + ax) inside = !inside;
      }
      return inside ? -best : best;
    },
    bbox: [x0, y0, x1, y1],
  };
}

function star(cx: number, cy: number, outer: number, inner: number, points: number, rotation = -Math.PI / 2): Shape {
  const pts: Array<[number, number]> = [];
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = rotation + (i * Math.PI) / points;
    pts.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
  }
  return polygon(pts);
}

function regularPolygon(cx: number, cy: number, r: number, sides: number, rotation = 0): Shape {
  const pts: Array<[number, number]> = [];
  for (let i = 0; i < sides; i++) {
    const a = rotation + (i * 2 * Math.PI) / sides;
    pts.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
  }
  return polygon(pts);
}

function union(...shapes: Shape[]): Shape {
  return {
    sdf: (x, y) => {
      let d = Infinity;
      for (const s of shapes) d = Math.min(d, s.sdf(x, y));
      return d;
    },
    bbox: [
      Math.min(...shapes.map((s) => s.bbox[0])),
      Math.min(...shapes.map((s) => s.bbox[1])),
      Math.max(...shapes.map((s) => s.bbox[2])),
      Math.max(...shapes.map((s) => s.bbox[3])),
    ],
  };
}

function subtract(a: Shape, b: Shape): Shape {
  return { sdf: (x, y) => Math.max(a.sdf(x, y), -b.sdf(x, y)), bbox: a.bbox };
}

/** A standing 'person-like' silhouette: head, neck, torso, arms and legs. Height ~ 2.2 * s. */
function person(cx: number, top: number, s: number): Shape {
  const head = circle(cx, top + 0.22 * s, 0.2 * s);
  const neck = roundRect(cx, top + 0.47 * s, 0.08 * s, 0.1 * s, 0.03 * s);
  const torso = roundRect(cx, top + 0.95 * s, 0.33 * s, 0.42 * s, 0.12 * s);
  const armL = capsule(cx - 0.3 * s, top + 0.65 * s, cx - 0.48 * s, top + 1.3 * s, 0.09 * s);
  const armR = capsule(cx + 0.3 * s, top + 0.65 * s, cx + 0.5 * s, top + 1.25 * s, 0.09 * s);
  const legL = capsule(cx - 0.15 * s, top + 1.3 * s, cx - 0.2 * s, top + 2.05 * s, 0.11 * s);
  const legR = capsule(cx + 0.15 * s, top + 1.3 * s, cx + 0.22 * s, top + 2.05 * s, 0.11 * s);
  return union(head, neck, torso, armL, armR, legL, legR);
}

// ---------------------------------------------------------------------------------------------
// Backgrounds and textures

const mix = (a: RGB, b: RGB, t: number): RGB => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];

/** Smooth value noise in [0, 1] (bilinear-interpolated lattice with a smoothstep), seeded. */
function valueNoise(width: number, height: number, cell: number, seed: number): Float32Array {
  const rnd = seededRng(seed);
  const gw = Math.ceil(width / cell) + 2;
  const gh = Math.ceil(height / cell) + 2;
  const grid = new Float32Array(gw * gh);
  for (let i = 0; i < grid.length; i++) grid[i] = rnd();
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const gy = y / cell;
    const iy = Math.floor(gy);
    let ty = gy - iy;
    ty = ty * ty * (3 - 2 * ty);
    for (let x = 0; x < width; x++) {
      const gx = x / cell;
      const ix = Math.floor(gx);
      let tx = gx - ix;
      tx = tx * tx * (3 - 2 * tx);
      const a = grid[iy * gw + ix]!;
      const b = grid[iy * gw + ix + 1]!;
      const c = grid[(iy + 1) * gw + ix]!;
      const d = grid[(iy + 1) * gw + ix + 1]!;
      out[y * width + x] = (a + (b - a) * tx) * (1 - ty) + (c + (d - c) * tx) * ty;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Background removal samples

const W = 640;
const H = 480;

async function finish(name: string, canvas: Canvas, mask: Uint8Array): Promise<MaskedSample> {
  return { name, image: await canvas.toPng(), mask, width: canvas.width, height: canvas.height };
}

/**
 * At least 8 deterministic 640x480 images with known subject masks: plain, linear-gradient,
 * radial-gradient, noisy/textured and striped backgrounds; circles, rounded rectangles, stars and
 * polygons, a person-like silhouette, several objects, a ring (with a background-coloured hole), a
 * subject whose colour is close to the background and one with internal texture. No subject
 * touches the image border.
 */
export async function backgroundRemovalSamples(): Promise<MaskedSample[]> {
  const out: MaskedSample[] = [];

  // 1. Plain background, solid circle, mild sensor noise.
  {
    const c = new Canvas(W, H);
    const m = new Uint8Array(W * H);
    c.fill(() => [236, 234, 228]);
    c.paint(circle(330, 235, 120), () => [200, 45, 40], m);
    c.noise(2, 1);
    out.push(await finish('plain-circle', c, m));
  }

  // 2. Horizontal linear gradient, rounded rectangle.
  {
    const c = new Canvas(W, H);
    const m = new Uint8Array(W * H);
    c.fill((x) => mix([40, 90, 170], [235, 160, 70], x / (W - 1)));
    c.paint(roundRect(300, 250, 150, 100, 35), () => [70, 175, 95], m);
    c.noise(2, 2);
    out.push(await finish('linear-gradient-roundrect', c, m));
  }

  // 3. Off-centre radial gradient, five-pointed star.
  {
    const c = new Canvas(W, H);
    const m = new Uint8Array(W * H);
    const rmax = Math.hypot(W, H) * 0.75;
    c.fill((x, y) => mix([250, 242, 205], [110, 95, 140], Math.min(1, Math.hypot(x - 0.35 * W, y - 0.4 * H) / rmax)));
    c.paint(star(320, 250, 170, 75, 5), () => [30, 70, 135], m);
    c.noise(2, 3);
    out.push(await finish('radial-gradient-star', c, m));
  }

  // 4. Strongly noisy background, person-like silhouette in a colour not far from it.
  {
    const c = new Canvas(W, H);
    const m = new Uint8Array(W * H);
    c.fill(() => [120, 132, 145]);
    const fg = new Canvas(W, H);
    fg.noise(5, 44);
    c.noise(16, 4);
    c.paint(person(320, 40, 185), (x, y) => {
      const i = (y * W + x) * 3;
      return [175 + fg.data[i]!, 130 + fg.data[i + 1]!, 105 + fg.data[i + 2]!];
    }, m);
    out.push(await finish('noise-person', c, m));
  }

  // 5. Vertical stripes (16 px), a dark circle and an orange rounded square.
  {
    const c = new Canvas(W, H);
    const m = new Uint8Array(W * H);
    c.fill((x) => (Math.floor(x / 16) % 2 === 0 ? [225, 222, 215] : [150, 165, 205]));
    c.paint(circle(200, 240, 95), () => [45, 40, 50], m);
    c.paint(roundRect(465, 235, 85, 85, 20), () => [240, 130, 30], m);
    c.noise(2, 5);
    out.push(await finish('stripes-two-objects', c, m));
  }

  // 6. Vertical gradient with several objects of different size.
  {
    const c = new Canvas(W, H);
    const m = new Uint8Array(W * H);
    c.fill((_x, y) => mix([205, 225, 245], [245, 235, 215], y / (H - 1)));
    c.paint(circle(150, 150, 80), () => [200, 40, 90], m);
    c.paint(star(460, 170, 105, 50, 6, 0.3), () => [40, 120, 60], m);
    c.paint(roundRect(180, 370, 45, 45, 6), () => [60, 60, 70], m);
    c.paint(regularPolygon(430, 380, 60, 3, -Math.PI / 2), () => [230, 150, 20], m);
    c.noise(2, 6);
    out.push(await finish('gradient-multi-objects', c, m));
  }

  // 7. Subject colour close to the background (about 11 deltaE), with noise.
  {
    const c = new Canvas(W, H);
    const m = new Uint8Array(W * H);
    c.fill(() => [200, 200, 200]);
    c.paint(ellipse(310, 245, 170, 130), () => [172, 178, 196], m);
    c.noise(3, 7);
    out.push(await finish('close-colour-ellipse', c, m));
  }

  // 8. Textured (blotchy + grainy) background and a subject with internal diagonal stripes.
  {
    const c = new Canvas(W, H);
    const m = new Uint8Array(W * H);
    const blotch = valueNoise(W, H, 40, 8);
    c.fill((x, y) => mix([150, 120, 90], [190, 165, 120], blotch[y * W + x]!));
    c.noise(10, 8);
    c.paint(circle(320, 240, 135), (x, y) => (Math.floor((x + y) / 14) % 2 === 0 ? [240, 210, 60] : [50, 80, 190]), m);
    out.push(await finish('texture-bg-striped-subject', c, m));
  }

  // 9. Ring: the hole shows the background and is not part of the subject.
  {
    const c = new Canvas(W, H);
    const m = new Uint8Array(W * H);
    c.fill((x, y) => mix([235, 240, 230], [200, 215, 225], (x + y) / (W + H)));
    c.paint(subtract(circle(320, 240, 170), circle(320, 240, 85)), () => [90, 60, 150], m);
    c.noise(2, 9);
    out.push(await finish('ring-with-hole', c, m));
  }

  // 10. Diagonal stripes, hexagon.
  {
    const c = new Canvas(W, H);
    const m = new Uint8Array(W * H);
    c.fill((x, y) => (Math.floor((x - y + 1000) / 20) % 2 === 0 ? [240, 230, 200] : [205, 130, 90]));
    c.paint(regularPolygon(330, 240, 150, 6, 0.2), () => [40, 110, 65], m);
    c.noise(2, 10);
    out.push(await finish('diagonal-stripes-hexagon', c, m));
  }

  return out;
}

/**
 * A head-and-shoulders portrait whose body is cut by the bottom border (subjects often touch the
 * frame): vertical gradient background with noise, textured clothing. 640x480.
 */
export async function portraitSample(): Promise<MaskedSample> {
  const c = new Canvas(W, H);
  const m = new Uint8Array(W * H);
  c.fill((_x, y) => mix([215, 225, 235], [175, 190, 205], y / (H - 1)));
  const body = union(
    circle(320, 165, 78),
    roundRect(320, 262, 30, 30, 10),
    roundRect(320, 430, 185, 150, 70),
  );
  c.paint(body, (x, y) => {
    if (y < 250) return [215, 165, 135]; // face and neck
    return Math.floor(x / 10 + y / 10) % 2 === 0 ? [140, 40, 45] : [110, 30, 40];
  }, m);
  c.noise(3, 12);
  return finish('portrait-cut-by-border', c, m);
}

/**
 * A 'photo-like' image (default 4000x3000, 12 MP): smooth two-axis gradient with vignetting, a few
 * shapes (one textured), low-frequency blotches and sensor noise. Returns the PNG and its mask.
 */
export async function photoLikeSample(width = 4000, height = 3000): Promise<MaskedSample> {
  const c = new Canvas(width, height);
  const m = new Uint8Array(width * height);
  const s = Math.min(width, height);
  const blotch = valueNoise(width, height, Math.round(s / 12), 77);
  c.fill((x, y) => {
    const u = x / width;
    const v = y / height;
    const vig = 1 - 0.35 * ((u - 0.5) ** 2 + (v - 0.5) ** 2);
    const b = (blotch[y * width + x]! - 0.5) * 16;
    return [(150 + 70 * u) * vig + b, (170 + 40 * v) * vig + b, (200 - 50 * u) * vig + b];
  });
  const cx = width / 2;
  c.paint(person(cx - 0.12 * width, 0.12 * height, 0.36 * height), (x, y) => {
    const t = Math.sin(x * 0.02) * Math.sin(y * 0.017);
    return [120 + 30 * t, 70 + 20 * t, 60 + 15 * t];
  }, m);
  c.paint(circle(cx + 0.25 * width, 0.45 * height, 0.16 * height), () => [30, 90, 60], m);
  c.paint(roundRect(cx + 0.2 * width, 0.78 * height, 0.12 * width, 0.09 * height, 0.03 * height), () => [230, 200, 40], m);
  c.noise(5, 78);
  return finish('photo-like', c, m);
}

// ---------------------------------------------------------------------------------------------
// Inpainting samples

async function maskPng(width: number, height: number, rect: { x0: number; y0: number; x1: number; y1: number }, pad: number): Promise<Buffer> {
  const m = new Uint8Array(width * height);
  for (let y = Math.max(0, rect.y0 - pad); y < Math.min(height, rect.y1 + pad); y++) {
    for (let x = Math.max(0, rect.x0 - pad); x < Math.min(width, rect.x1 + pad); x++) m[y * width + x] = 255;
  }
  return sharp(m, { raw: { width, height, channels: 1 } }).png().toBuffer();
}

async function inpaintSample(name: string, bg: Canvas, object: InpaintSample['object'], maskPad: number): Promise<InpaintSample> {
  const { width, height } = bg;
  const background = bg.toBytes();
  const img = new Canvas(width, height);
  img.data.set(bg.data);
  for (let y = object.y0; y < object.y1; y++) {
    for (let x = object.x0; x < object.x1; x++) {
      const i = (y * width + x) * 3;
      img.data[i] = object.color[0];
      img.data[i + 1] = object.color[1];
      img.data[i + 2] = object.color[2];
    }
  }
  return {
    name,
    image: await img.toPng(),
    mask: await maskPng(width, height, object, maskPad),
    width,
    height,
    object,
    background,
  };
}

/**
 * Inpainting samples (default 320x240): vertical 12-px-wide stripes and a noisy texture, each with a
 * square object in a very different colour, and a mask covering the object (plus a few px).
 * A third one puts the object against the image border.
 */
export async function inpaintSamples(width = 320, height = 240): Promise<InpaintSample[]> {
  const out: InpaintSample[] = [];
  {
    const bg = new Canvas(width, height);
    bg.fill((x) => (Math.floor(x / 12) % 2 === 0 ? [230, 225, 210] : [60, 90, 140]));
    bg.noise(3, 21);
    // A whole number of stripe periods (24 px) wide, so the hole's mean equals the stripes' mean.
    const s = Math.max(24, Math.round((Math.min(width, height) * 0.3) / 24) * 24);
    const x0 = Math.round(width / 2 - s / 2) + 3;
    const y0 = Math.round(height / 2 - s / 2);
    out.push(await inpaintSample('stripes', bg, { x0, y0, x1: x0 + s, y1: y0 + s, color: [255, 0, 200] }, 2));
  }
  {
    const bg = new Canvas(width, height);
    const blotch = valueNoise(width, height, 24, 31);
    bg.fill((x, y) => mix([90, 140, 80], [130, 170, 95], blotch[y * width + x]!));
    bg.noise(14, 32);
    const s = Math.round(Math.min(width, height) * 0.25);
    const x0 = Math.round(width * 0.4);
    const y0 = Math.round(height * 0.35);
    out.push(await inpaintSample('noise', bg, { x0, y0, x1: x0 + s, y1: y0 + s, color: [250, 40, 40] }, 2));
  }
  {
    const bg = new Canvas(width, height);
    bg.fill((x, y) => (Math.floor((x + y) / 8) % 2 === 0 ? [200, 60, 50] : [245, 235, 220]));
    bg.noise(3, 41);
    const s = Math.round(Math.min(width, height) * 0.3);
    out.push(await inpaintSample('diagonal-border', bg, { x0: width - s, y0: 0, x1: width, y1: s, color: [20, 220, 40] }, 2));
  }
  return out;
}

/**
 * A large inpainting case (default 4000x3000) with a mask covering `fraction` of the image in one
 * square blob: stripes + noise background and a flat object.
 */
export async function largeInpaintSample(width = 4000, height = 3000, fraction = 0.02): Promise<InpaintSample> {
  const bg = new Canvas(width, height);
  const blotch = valueNoise(width, height, 150, 51);
  bg.fill((x, y) => {
    const t = blotch[y * width + x]!;
    return Math.floor(x / 24) % 2 === 0 ? mix([210, 200, 180], [235, 225, 200], t) : mix([70, 100, 140], [100, 120, 160], t);
  });
  bg.noise(6, 52);
  const side = Math.round(Math.sqrt(width * height * fraction)) - 4;
  const x0 = Math.round(width * 0.45);
  const y0 = Math.round(height * 0.4);
  return inpaintSample('large', bg, { x0, y0, x1: x0 + side, y1: y0 + side, color: [255, 0, 0] }, 2);
}
