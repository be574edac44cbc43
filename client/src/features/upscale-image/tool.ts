// The upscale-image tool as the client lists it (client/src/tools/catalogue.ts finds this file).
import { Maximize2 } from 'lucide-react';
import { lazyNamed } from '../../lib/lazyNamed';
import type { ClientTool } from '../../tools/types';

export const tool: ClientTool = {
  order: 6,
  kind: 'upscale-image',
  path: '/ai/upscale-image',
  nav: { label: 'Upscale Image', icon: Maximize2 },
  card: { title: 'Image Upscaler', description: 'Enlarge a photo 2× or 4× and keep its edges and textures crisp.', icon: Maximize2, gradient: 'from-violet-500 to-indigo-500' },
  docs: { name: 'Upscale Image', text: 'upload an image and choose 2× or 4×; the result is sharper than plain resizing (at most 36 megapixels).' },
  creationLabel: 'Upscaled image',
  Route: lazyNamed(() => import('./routes/UpscaleImageRoute'), 'UpscaleImageRoute'),
};
