import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import sharp from 'sharp';
import type { Plugin } from 'vite';

/** Drawn at twice their size, so they stay sharp on phones' dense screens. */
const DENSITY = 2;

/** public/ files drawn as SVG that the pages show as WebP (docs/benchmarks.md, "Landing page"). */
export function rasterSources(publicDir: string): string[] {
  const media = (readdirSync(join(publicDir, 'media'), { recursive: true }) as string[]).map((f) => join('media', f));
  return ['logo.svg', ...media].filter((f) => f.endsWith('.svg') && !f.startsWith(join('media', 'hero')));
}

/** The WebP's address under the site root, from the SVG's path under public/. */
export const webpName = (svg: string) =>
  svg
    .replace(/\.svg$/, '.webp')
    .split(sep)
    .join('/');

async function rasterize(file: string): Promise<Buffer> {
  return sharp(readFileSync(file), { density: 72 * DENSITY })
    .webp({ quality: 90, alphaQuality: 100, effort: 6 })
    .toBuffer();
}

/**
 * Each picture an <img> shows from an SVG costs the page's main thread a whole SVG document
 * (~15 ms on a desktop, ~60 ms on a phone), 16 on the landing page. The drawings stay
 * SVG in public/ (their source), and the build adds a WebP of each beside it, which the browser
 * decodes off the main thread. The hero's wave lines stay SVG: drawn at the hero's size they
 * would be a 4,320 × 1,600 picture. The dev server draws them on request.
 */
export function rasterMedia(publicDir: string): Plugin {
  return {
    name: 'atelier:raster-media',
    configureServer(server) {
      const wanted = new Map(rasterSources(publicDir).map((f) => [`/${webpName(f)}`, f]));
      server.middlewares.use((req, res, next) => {
        const source = wanted.get((req.url ?? '').split('?')[0]!);
        if (!source) return next();
        rasterize(join(publicDir, source)).then((webp) => res.writeHead(200, { 'content-type': 'image/webp', 'cache-control': 'no-cache' }).end(webp), next);
      });
    },
    async generateBundle() {
      for (const source of rasterSources(publicDir)) {
        this.emitFile({ type: 'asset', fileName: webpName(source), source: await rasterize(join(publicDir, source)) });
      }
    },
  };
}
