// The background-removal tool as the client lists it (client/src/tools/catalogue.ts finds this file).
import { Eraser, Scissors } from 'lucide-react';
import { lazyNamed } from '../../lib/lazyNamed';
import type { ClientTool } from '../../tools/types';

export const tool: ClientTool = {
  order: 4,
  kind: 'background-removal',
  path: '/ai/remove-background',
  nav: { label: 'Remove Background', icon: Eraser },
  card: {
    title: 'Background Removal',
    description: 'Cut out the subject of any photo cleanly, ready for your next design.',
    icon: Eraser,
    gradient: 'from-orange-500 to-amber-500',
  },
  demo: {
    id: 'bg-removal',
    order: 4,
    title: 'Background Removal',
    description: 'Cut the subject out of any photo with a clean, transparent background.',
    icon: Scissors,
    howItWorks: ['Upload an image', 'The subject is detected automatically', 'Download a transparent PNG'],
    useCases: ['Product photos', 'Profile pictures', 'Design compositions'],
    Scene: lazyNamed(() => import('./components/DemoScene'), 'BackgroundRemovalDemoScene'),
  },
  docs: { name: 'Remove Background', text: 'upload any image to get a transparent PNG.' },
  creationLabel: 'Background removal',
  Route: lazyNamed(() => import('./routes/RemoveBackgroundRoute'), 'RemoveBackgroundRoute'),
};
