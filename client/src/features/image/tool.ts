// The image tool as the client lists it (client/src/tools/catalogue.ts finds this file).
import { Image, ImageIcon } from 'lucide-react';
import { lazyNamed } from '../../lib/lazyNamed';
import type { ClientTool } from '../../tools/types';

export const tool: ClientTool = {
  order: 3,
  kind: 'image',
  path: '/ai/generate-images',
  nav: { label: 'Generate Images', icon: Image },
  card: {
    title: 'AI Image Generation',
    description: 'Turn a description into striking visuals in styles from realistic to anime.',
    icon: ImageIcon,
    gradient: 'from-emerald-500 to-teal-500',
  },
  demo: {
    id: 'image-gen',
    order: 1,
    title: 'AI Image Generation',
    description: 'Describe a scene, pick a style and get a finished image in seconds.',
    icon: Image,
    howItWorks: ['Describe the image you want', 'Choose a style such as Realistic, Ghibli or Anime', 'Generate, download or publish it'],
    useCases: ['Blog and social media visuals', 'Concept art and mood boards', 'Thumbnails and banners'],
    Scene: lazyNamed(() => import('./components/DemoScene'), 'ImageDemoScene'),
  },
  docs: {
    name: 'Generate Images',
    text: 'describe the image and choose a style: Realistic, Ghibli, Anime, Cartoon, Fantasy, 3D or Portrait. Images are private unless you choose to publish them.',
  },
  creationLabel: 'Image',
  Route: lazyNamed(() => import('./routes/GenerateImagesRoute'), 'GenerateImagesRoute'),
};
