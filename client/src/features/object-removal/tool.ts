// The object-removal tool as the client lists it (client/src/tools/catalogue.ts finds this file).
import { Eraser, Scissors } from 'lucide-react';
import { lazyNamed } from '../../lib/lazyNamed';
import type { ClientTool } from '../../tools/types';

export const tool: ClientTool = {
  order: 5,
  kind: 'object-removal',
  path: '/ai/remove-object',
  nav: { label: 'Remove Object', icon: Scissors },
  card: { title: 'Object Removal', description: 'Erase unwanted objects from an image and keep the scene looking natural.', icon: Scissors, gradient: 'from-sky-500 to-cyan-500' },
  demo: {
    id: 'object-removal',
    order: 5,
    title: 'Object Removal',
    description: 'Name one object and erase it from the picture as if it was never there.',
    icon: Eraser,
    howItWorks: ['Upload an image', 'Type the object to remove, in one word', 'Download the cleaned-up result'],
    useCases: ['Removing photobombers', 'Cleaning real-estate shots', 'Tidying product scenes'],
    Scene: lazyNamed(() => import('./components/DemoScene'), 'ObjectRemovalDemoScene'),
  },
  docs: { name: 'Remove Object', text: 'upload an image and name one object, in one word, or brush over what to remove.' },
  creationLabel: 'Object removal',
  Route: lazyNamed(() => import('./routes/RemoveObjectRoute'), 'RemoveObjectRoute'),
};
