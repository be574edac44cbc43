// The blog-titles tool as the client lists it (client/src/tools/catalogue.ts finds this file).
import { Hash, Type } from 'lucide-react';
import { lazyNamed } from '../../lib/lazyNamed';
import type { ClientTool } from '../../tools/types';

export const tool: ClientTool = {
  order: 2,
  kind: 'blog-titles',
  path: '/ai/blog-titles',
  nav: { label: 'Blog Titles', icon: Hash },
  card: {
    title: 'Blog Title Generator',
    description: 'Find catchy, click-worthy headlines for your posts from a single keyword.',
    icon: Hash,
    gradient: 'from-fuchsia-500 to-purple-600',
  },
  demo: {
    id: 'blog-gen',
    order: 2,
    title: 'Blog Title Generator',
    description: 'Turn a keyword into a list of catchy, category-aware headlines.',
    icon: Type,
    howItWorks: ['Enter a keyword', 'Pick a category', 'Copy the titles you like'],
    useCases: ['Content calendars', 'SEO experiments', 'Newsletter subject lines'],
    Scene: lazyNamed(() => import('./components/DemoScene'), 'BlogTitlesDemoScene'),
  },
  docs: { name: 'Blog Titles', text: 'enter a keyword and a category (General, Technology, Business, Health, Lifestyle, Education, Travel or Food).' },
  creationLabel: 'Blog titles',
  Route: lazyNamed(() => import('./routes/BlogTitlesRoute'), 'BlogTitlesRoute'),
};
