// Turns a provider's image into the URL a creation stores.
import sharp from 'sharp';
import type { ImageOutput } from '../server/providers/image/index.js';
import type { ToolRun } from '../server/tools/tool.js';

/** Stores bytes (PNG) and returns their URL with the image's size; a hosted URL is kept as it is. */
export async function store(run: ToolRun<unknown, unknown>, output: ImageOutput): Promise<{ url: string; width?: number; height?: number }> {
  if ('url' in output) return { url: output.url };
  const meta = await sharp(output.bytes).metadata();
  const file = await run.services.storage.put(output.bytes, 'png');
  return { url: file.url, width: meta.width, height: meta.height };
}
