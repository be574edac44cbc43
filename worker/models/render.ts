// The embedded image generator: prompt-seeded procedural artwork. Words of the
// description choose the scene (sky, sun or moon, water, mountains, trees, city, snow,
// dunes, flowers, a figure); the style chooses how it is drawn. The picture is built as
// SVG from numbers and colours only — the description never reaches the markup — and
// rasterised by sharp.
import sharp from 'sharp';
import type { ImageStyle } from '../../server/shared/platform/domain.js';

type Rng = () => number;

function seeded(seed: string): Rng {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Scene {
  time: 'day' | 'sunset' | 'night';
  water: boolean;
  mountains: boolean;
  trees: boolean;
  city: boolean;
  snow: boolean;
  desert: boolean;
  flowers: boolean;
  figure: boolean;
  hue: number;
}

const has = (words: Set<string>, ...keys: string[]) => keys.some((k) => [...words].some((w) => w.startsWith(k)));

function sceneOf(description: string, rng: Rng): Scene {
  const words = new Set(
    description
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter(Boolean),
  );
  const night = has(words, 'night', 'moon', 'star', 'midnight', 'dark', 'galax');
  const sunset = has(words, 'sunset', 'sunrise', 'dusk', 'dawn', 'evening', 'golden');
  const scene: Scene = {
    time: night ? 'night' : sunset ? 'sunset' : 'day',
    water: has(words, 'ocean', 'sea', 'beach', 'lake', 'river', 'water', 'harbor', 'harbour', 'island', 'lighthouse', 'wave'),
    mountains: has(words, 'mountain', 'hill', 'peak', 'valley', 'alp', 'volcano', 'cliff'),
    trees: has(words, 'forest', 'tree', 'wood', 'jungle', 'park', 'garden'),
    city: has(words, 'city', 'skyline', 'town', 'village', 'street', 'building', 'castle', 'tower'),
    snow: has(words, 'snow', 'winter', 'ice', 'frost', 'arctic'),
    desert: has(words, 'desert', 'dune', 'sand', 'sahara'),
    flowers: has(words, 'flower', 'garden', 'bloom', 'rose', 'tulip', 'meadow', 'spring'),
    figure: has(words, 'cat', 'dog', 'bird', 'person', 'man', 'woman', 'girl', 'boy', 'child', 'portrait', 'astronaut', 'robot', 'fox', 'knight'),
    hue: Math.floor(rng() * 360),
  };
  const any = scene.water || scene.mountains || scene.trees || scene.city || scene.desert || scene.flowers;
  if (!any) {
    // Unknown words: a seed-picked landscape.
    scene.mountains = rng() < 0.6;
    scene.water = rng() < 0.5;
    scene.trees = rng() < 0.5;
  }
  return scene;
}

const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(((h % 360) + 360) % 360)},${Math.round(s)}%,${Math.round(l)}%)`;

interface Palette {
  skyTop: string;
  skyBottom: string;
  sun: string;
  far: string;
  near: string;
  ground: string;
  water: string;
  accent: string;
  dark: string;
}

function paletteOf(scene: Scene, style: ImageStyle): Palette {
  const h = scene.hue;
  const sat = style === 'GHIBLI' ? 45 : style === 'ANIME' || style === 'CARTOON' ? 85 : style === 'REALISTIC' ? 40 : 60;
  const light = style === 'GHIBLI' ? 12 : 0;
  if (style === 'FANTASY') {
    return {
      skyTop: hsl(270, 70, 12),
      skyBottom: hsl(190, 80, 35),
      sun: hsl(170, 100, 75),
      far: hsl(260, 50, 30),
      near: hsl(280, 55, 20),
      ground: hsl(200, 60, 18),
      water: hsl(185, 90, 40),
      accent: hsl(310, 100, 70),
      dark: hsl(260, 60, 8),
    };
  }
  const p: Record<Scene['time'], Palette> = {
    day: {
      skyTop: hsl(208, sat + 10, 52 + light),
      skyBottom: hsl(195, sat, 82 + light / 2),
      sun: hsl(50, 100, 88),
      far: hsl(215, sat * 0.6, 62 + light),
      near: hsl(120 + (h % 40) - 20, sat, 34 + light),
      ground: hsl(95 + (h % 30), sat, 42 + light),
      water: hsl(200, sat + 15, 45 + light),
      accent: hsl(h, 80, 60),
      dark: hsl(220, 30, 18),
    },
    sunset: {
      skyTop: hsl(260, sat, 30 + light),
      skyBottom: hsl(28, sat + 30, 62 + light),
      sun: hsl(42, 100, 70),
      far: hsl(300, sat * 0.5, 38 + light),
      near: hsl(330, sat * 0.5, 22 + light),
      ground: hsl(20, sat * 0.6, 28 + light),
      water: hsl(18, sat + 10, 50 + light),
      accent: hsl(h, 85, 62),
      dark: hsl(280, 40, 12),
    },
    night: {
      skyTop: hsl(232, sat, 8 + light),
      skyBottom: hsl(222, sat, 26 + light),
      sun: hsl(55, 40, 92),
      far: hsl(228, sat * 0.6, 22 + light),
      near: hsl(235, sat * 0.5, 12 + light),
      ground: hsl(225, sat * 0.4, 14 + light),
      water: hsl(220, sat, 24 + light),
      accent: hsl(h, 70, 70),
      dark: hsl(240, 40, 5),
    },
  };
  const out = { ...p[scene.time] };
  if (scene.snow) Object.assign(out, { near: hsl(210, 20, 88), ground: hsl(205, 25, 94), far: hsl(212, 25, 78) });
  if (scene.desert) Object.assign(out, { near: hsl(35, sat + 10, 58), ground: hsl(40, sat + 15, 68), far: hsl(28, sat, 66) });
  return out;
}

/** A ridge line across the canvas: points from a few random waves. */
function ridge(rng: Rng, size: number, base: number, amp: number, steps = 24): string {
  const phase = rng() * 10;
  const freq = 1 + rng() * 2.5;
  const pts: string[] = [];
  for (let i = 0; i <= steps; i++) {
    const x = (i / steps) * size;
    const y = base - amp * (0.55 * Math.sin(phase + (i / steps) * Math.PI * freq) + 0.45 * Math.sin(phase * 2 + (i / steps) * Math.PI * freq * 2.7)) - amp * 0.2 * rng();
    pts.push(`${x.toFixed(1)},${y.toFixed(1)}`);
  }
  return `M0,${size} L${pts.join(' L')} L${size},${size} Z`;
}

interface Ink {
  stroke: string;
  /** Extra attributes for every solid shape: outlines for cartoons, nothing otherwise. */
  line: string;
}

function landscape(scene: Scene, pal: Palette, rng: Rng, size: number, ink: Ink, smooth: boolean): string {
  const parts: string[] = [];
  const horizon = size * (scene.water ? 0.62 : 0.7);
  if (scene.mountains || scene.snow) {
    parts.push(`<path d="${ridge(rng, size, horizon - size * 0.12, size * 0.22)}" fill="${pal.far}" ${ink.line}${smooth ? ' filter="url(#soft)"' : ''}/>`);
    parts.push(`<path d="${ridge(rng, size, horizon - size * 0.02, size * 0.14)}" fill="${pal.near}" ${ink.line}/>`);
  } else {
    parts.push(`<path d="${ridge(rng, size, horizon, size * 0.05)}" fill="${pal.far}" ${ink.line}${smooth ? ' filter="url(#soft)"' : ''}/>`);
  }
  if (scene.city) {
    let x = size * 0.05;
    while (x < size * 0.95) {
      const w = size * (0.04 + rng() * 0.05);
      const h = size * (0.08 + rng() * 0.2);
      parts.push(`<rect x="${x.toFixed(1)}" y="${(horizon - h).toFixed(1)}" width="${w.toFixed(1)}" height="${h.toFixed(1)}" fill="${pal.dark}" ${ink.line}/>`);
      for (let wy = horizon - h + 10; wy < horizon - 10; wy += 18)
        if (rng() < 0.5)
          parts.push(
            `<rect x="${(x + w * 0.3).toFixed(1)}" y="${wy.toFixed(1)}" width="${(w * 0.2).toFixed(1)}" height="7" fill="${scene.time === 'day' ? pal.far : pal.sun}" opacity="0.85"/>`,
          );
      x += w + size * 0.01;
    }
  }
  if (scene.water) {
    parts.push(`<rect x="0" y="${horizon.toFixed(1)}" width="${size}" height="${(size - horizon).toFixed(1)}" fill="${smooth ? 'url(#water)' : pal.water}" ${ink.line}/>`);
    for (let i = 0; i < 14; i++) {
      const y = horizon + (size - horizon) * rng();
      const x = size * rng();
      const w = size * (0.04 + rng() * 0.1);
      parts.push(`<path d="M${x.toFixed(1)},${y.toFixed(1)} q${(w / 2).toFixed(1)},-6 ${w.toFixed(1)},0" stroke="${pal.sun}" stroke-width="3" fill="none" opacity="0.55"/>`);
    }
  } else {
    parts.push(`<path d="${ridge(rng, size, size * 0.86, size * 0.05)}" fill="${pal.ground}" ${ink.line}/>`);
  }
  if (scene.desert) parts.push(`<path d="${ridge(rng, size, size * 0.9, size * 0.06, 8)}" fill="${pal.near}" ${ink.line}/>`);
  if (scene.trees) {
    const n = 6 + Math.floor(rng() * 8);
    for (let i = 0; i < n; i++) {
      const x = size * rng();
      const base = size * (0.8 + rng() * 0.15);
      const h = size * (0.1 + rng() * 0.12);
      parts.push(`<rect x="${(x - 4).toFixed(1)}" y="${(base - h * 0.3).toFixed(1)}" width="8" height="${(h * 0.3).toFixed(1)}" fill="${pal.dark}"/>`);
      parts.push(
        `<path d="M${(x - h * 0.3).toFixed(1)},${(base - h * 0.25).toFixed(1)} L${x.toFixed(1)},${(base - h).toFixed(1)} L${(x + h * 0.3).toFixed(1)},${(base - h * 0.25).toFixed(1)} Z" fill="${scene.snow ? hsl(150, 25, 40) : hsl(130, 45, 22)}" ${ink.line}/>`,
      );
    }
  }
  if (scene.flowers) {
    for (let i = 0; i < 60; i++) {
      parts.push(
        `<circle cx="${(size * rng()).toFixed(1)}" cy="${(size * (0.84 + rng() * 0.15)).toFixed(1)}" r="${(3 + rng() * 6).toFixed(1)}" fill="${hsl(scene.hue + rng() * 120, 80, 65)}" ${ink.line}/>`,
      );
    }
  }
  if (scene.figure) parts.push(figure(size * 0.5, size * 0.88, size * 0.32, pal.dark, ink));
  return parts.join('');
}

function figure(cx: number, baseY: number, h: number, fill: string, ink: Ink, rim?: string): string {
  const head = h * 0.16;
  const body = `M${(cx - h * 0.32).toFixed(1)},${baseY.toFixed(1)} C${(cx - h * 0.3).toFixed(1)},${(baseY - h * 0.55).toFixed(1)} ${(cx + h * 0.3).toFixed(1)},${(baseY - h * 0.55).toFixed(1)} ${(cx + h * 0.32).toFixed(1)},${baseY.toFixed(1)} Z`;
  const rimAttrs = rim ? ` stroke="${rim}" stroke-width="4"` : ` ${ink.line}`;
  return `<path d="${body}" fill="${fill}"${rimAttrs}/><circle cx="${cx.toFixed(1)}" cy="${(baseY - h * 0.62).toFixed(1)}" r="${head.toFixed(1)}" fill="${fill}"${rimAttrs}/>`;
}

function sky(scene: Scene, pal: Palette, rng: Rng, size: number, ink: Ink, clouds: 'none' | 'soft' | 'puffy'): string {
  const parts = [`<rect width="${size}" height="${size}" fill="url(#sky)"/>`];
  if (scene.time === 'night') {
    for (let i = 0; i < 90; i++)
      parts.push(
        `<circle cx="${(size * rng()).toFixed(1)}" cy="${(size * 0.6 * rng()).toFixed(1)}" r="${(0.6 + rng() * 1.8).toFixed(1)}" fill="#fff" opacity="${(0.4 + rng() * 0.6).toFixed(2)}"/>`,
      );
  }
  const sx = size * (0.2 + rng() * 0.6);
  const sy = size * (scene.time === 'sunset' ? 0.5 : 0.2 + rng() * 0.15);
  const r = size * (scene.time === 'night' ? 0.05 : 0.08);
  parts.push(`<circle cx="${sx.toFixed(1)}" cy="${sy.toFixed(1)}" r="${(r * 2.2).toFixed(1)}" fill="${pal.sun}" opacity="0.25" filter="url(#glow)"/>`);
  parts.push(`<circle cx="${sx.toFixed(1)}" cy="${sy.toFixed(1)}" r="${r.toFixed(1)}" fill="${pal.sun}" ${ink.line}/>`);
  if (clouds !== 'none') {
    const n = clouds === 'puffy' ? 6 : 4;
    for (let i = 0; i < n; i++) {
      const cx = size * rng();
      const cy = size * (0.1 + rng() * 0.3);
      const w = size * (0.1 + rng() * 0.12);
      const puffs = clouds === 'puffy' ? 6 : 3;
      const g: string[] = [];
      for (let k = 0; k < puffs; k++)
        g.push(
          `<circle cx="${(cx + (k - puffs / 2) * w * 0.3).toFixed(1)}" cy="${(cy - Math.sin((k / puffs) * Math.PI) * w * 0.3).toFixed(1)}" r="${(w * (0.25 + rng() * 0.15)).toFixed(1)}"/>`,
        );
      parts.push(
        `<g fill="${scene.time === 'night' ? hsl(230, 20, 35) : '#ffffff'}" opacity="${clouds === 'puffy' ? 0.95 : 0.6}"${clouds === 'soft' ? ' filter="url(#soft)"' : ''}>${g.join('')}</g>`,
      );
    }
  }
  return parts.join('');
}

function defs(pal: Palette, size: number): string {
  return `<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${pal.skyTop}"/><stop offset="1" stop-color="${pal.skyBottom}"/></linearGradient>
<linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${pal.water}"/><stop offset="1" stop-color="${pal.dark}"/></linearGradient>
<radialGradient id="vignette" cx="0.5" cy="0.45" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.75"/></radialGradient>
<filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="${(size / 256).toFixed(1)}"/></filter>
<filter id="glow" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${(size / 60).toFixed(1)}"/></filter>
<filter id="grain"><feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="1" seed="3"/><feColorMatrix type="saturate" values="0"/></filter>
</defs>`;
}

const plain: Ink = { stroke: 'none', line: '' };

const STYLES: Record<ImageStyle, (scene: Scene, pal: Palette, rng: Rng, size: number) => string> = {
  REALISTIC: (scene, pal, rng, size) =>
    sky(scene, pal, rng, size, plain, 'soft') + landscape(scene, pal, rng, size, plain, true) + `<rect width="${size}" height="${size}" filter="url(#grain)" opacity="0.08"/>`,
  GHIBLI: (scene, pal, rng, size) => {
    const hills = [0.72, 0.8, 0.9].map((b, i) => `<path d="${ridge(rng, size, size * b, size * 0.06, 10)}" fill="${hsl(100 + i * 12, 45, 62 - i * 10)}"/>`).join('');
    return (
      sky(scene, pal, rng, size, plain, 'puffy') +
      landscape({ ...scene, figure: false }, pal, rng, size, plain, true) +
      hills +
      (scene.figure ? figure(size * 0.5, size * 0.9, size * 0.22, hsl(20, 30, 30), plain) : '')
    );
  },
  ANIME: (scene, pal, rng, size) => {
    const lines: string[] = [];
    for (let i = 0; i < 28; i++) {
      const a = rng() * Math.PI * 2;
      const r0 = size * (0.35 + rng() * 0.1);
      lines.push(
        `<line x1="${(size / 2 + Math.cos(a) * r0).toFixed(1)}" y1="${(size / 2 + Math.sin(a) * r0).toFixed(1)}" x2="${(size / 2 + Math.cos(a) * size).toFixed(1)}" y2="${(size / 2 + Math.sin(a) * size).toFixed(1)}" stroke="#fff" stroke-width="${(2 + rng() * 4).toFixed(1)}" opacity="0.5"/>`,
      );
    }
    const sparkles = Array.from({ length: 14 }, () => {
      const x = size * rng();
      const y = size * rng() * 0.7;
      const s = 6 + rng() * 14;
      return `<path d="M${x},${y - s} L${x + s * 0.25},${y} L${x},${y + s} L${x - s * 0.25},${y} Z M${x - s},${y} L${x},${y + s * 0.25} L${x + s},${y} L${x},${y - s * 0.25} Z" fill="#fff"/>`;
    }).join('');
    return sky(scene, pal, rng, size, plain, 'none') + landscape(scene, pal, rng, size, plain, false) + lines.join('') + sparkles;
  },
  CARTOON: (scene, pal, rng, size) => {
    const ink: Ink = { stroke: '#1d1d1f', line: 'stroke="#1d1d1f" stroke-width="9" stroke-linejoin="round"' };
    return sky(scene, pal, rng, size, ink, 'puffy').replace(/<g fill=/g, '<g stroke="#1d1d1f" stroke-width="7" fill=') + landscape(scene, pal, rng, size, ink, false);
  },
  FANTASY: (scene, pal, rng, size) => {
    const islands = Array.from({ length: 3 }, () => {
      const x = size * (0.15 + rng() * 0.7);
      const y = size * (0.25 + rng() * 0.3);
      const w = size * (0.08 + rng() * 0.08);
      return `<path d="M${(x - w).toFixed(1)},${y.toFixed(1)} L${(x + w).toFixed(1)},${y.toFixed(1)} L${x.toFixed(1)},${(y + w * 1.4).toFixed(1)} Z" fill="${pal.near}"/><ellipse cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="${w.toFixed(1)}" ry="${(w * 0.25).toFixed(1)}" fill="${pal.water}" filter="url(#glow)" opacity="0.8"/>`;
    }).join('');
    const orbs = Array.from(
      { length: 40 },
      () =>
        `<circle cx="${(size * rng()).toFixed(1)}" cy="${(size * rng()).toFixed(1)}" r="${(2 + rng() * 7).toFixed(1)}" fill="${rng() < 0.5 ? pal.accent : pal.sun}" filter="url(#glow)"/>`,
    ).join('');
    return sky({ ...scene, time: 'night' }, pal, rng, size, plain, 'none') + landscape(scene, pal, rng, size, plain, true) + islands + orbs;
  },
  THREE_D: (scene, pal, rng, size) => {
    const horizon = size * 0.55;
    const grid: string[] = [`<rect y="${horizon}" width="${size}" height="${size - horizon}" fill="${pal.ground}"/>`];
    for (let i = -10; i <= 10; i++)
      grid.push(`<line x1="${size / 2}" y1="${horizon}" x2="${(size / 2 + i * size * 0.15).toFixed(1)}" y2="${size}" stroke="${pal.dark}" stroke-width="2" opacity="0.35"/>`);
    for (let k = 1; k < 9; k++) {
      const y = horizon + (size - horizon) * (k / 9) ** 1.8;
      grid.push(`<line x1="0" y1="${y.toFixed(1)}" x2="${size}" y2="${y.toFixed(1)}" stroke="${pal.dark}" stroke-width="2" opacity="0.35"/>`);
    }
    const solids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const x = size * (0.15 + rng() * 0.7);
      const y = horizon + (size - horizon) * (0.3 + rng() * 0.55);
      const r = size * (0.04 + rng() * 0.06) * (y / size);
      const hue = scene.hue + i * 50;
      solids.push(
        `<ellipse cx="${(x + r * 0.4).toFixed(1)}" cy="${(y + r * 0.9).toFixed(1)}" rx="${(r * 1.1).toFixed(1)}" ry="${(r * 0.3).toFixed(1)}" fill="#000" opacity="0.35" filter="url(#soft)"/>`,
      );
      if (rng() < 0.5) {
        solids.push(
          `<radialGradient id="b${i}" cx="0.35" cy="0.3" r="0.75"><stop offset="0" stop-color="#fff"/><stop offset="0.25" stop-color="${hsl(hue, 70, 62)}"/><stop offset="1" stop-color="${hsl(hue, 70, 18)}"/></radialGradient>`,
        );
        solids.push(`<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${r.toFixed(1)}" fill="url(#b${i})"/>`);
      } else {
        const d = r * 0.6;
        solids.push(`<path d="M${x - r},${y - r} l${d},${-d} h${2 * r} l${-d},${d} Z" fill="${hsl(hue, 65, 68)}"/>`);
        solids.push(`<path d="M${x + r},${y - r} l${d},${-d} v${2 * r} l${-d},${d} Z" fill="${hsl(hue, 65, 32)}"/>`);
        solids.push(`<rect x="${x - r}" y="${y - r}" width="${2 * r}" height="${2 * r}" fill="${hsl(hue, 65, 48)}"/>`);
      }
    }
    return `<rect width="${size}" height="${horizon}" fill="url(#sky)"/>` + grid.join('') + solids.join('');
  },
  PORTRAIT: (scene, pal, rng, size) => {
    const bokeh = Array.from(
      { length: 26 },
      () =>
        `<circle cx="${(size * rng()).toFixed(1)}" cy="${(size * rng()).toFixed(1)}" r="${(size * (0.02 + rng() * 0.06)).toFixed(1)}" fill="${hsl(scene.hue + rng() * 80, 70, 70)}" opacity="${(0.15 + rng() * 0.35).toFixed(2)}" filter="url(#glow)"/>`,
    ).join('');
    return (
      `<rect width="${size}" height="${size}" fill="url(#sky)"/>` +
      bokeh +
      figure(size * 0.5, size * 1.02, size * 0.95, hsl(scene.hue, 20, 14), plain, pal.sun) +
      `<rect width="${size}" height="${size}" fill="url(#vignette)"/>`
    );
  },
};

export interface RenderOptions {
  /** Another seed draws another picture for the same words; the same seed the same one. */
  seed?: number;
  /** The picture's shape: the square drawing cropped to it around its middle (`size` is the longer side). */
  width?: number;
  height?: number;
}

/** The seed a description draws with when none is given: the same words and style always give the same one. */
export function seedOf(description: string, style: ImageStyle): number {
  const rng = seeded(`${style}\n${description.trim().replace(/\s+/g, ' ').toLowerCase()}\nseed`);
  return Math.floor(rng() * 2_147_483_647);
}

export async function renderImage(description: string, style: ImageStyle, size = 1024, options: RenderOptions = {}): Promise<Buffer> {
  const normalized = description.trim().replace(/\s+/g, ' ').toLowerCase();
  const rng = seeded(options.seed === undefined ? `${style}\n${normalized}` : `${style}\n${normalized}\n${options.seed}`);
  const scene = sceneOf(normalized, rng);
  const pal = paletteOf(scene, style);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${defs(pal, size)}${STYLES[style](scene, pal, rng, size)}</svg>`;
  const width = options.width ?? size;
  const height = options.height ?? size;
  return sharp(Buffer.from(svg)).resize(width, height, { fit: 'cover', position: 'centre' }).png({ compressionLevel: 6 }).toBuffer();
}
