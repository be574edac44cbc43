// The article tool as the client lists it (client/src/tools/catalogue.ts finds this file).
import { PenLine, SquarePen } from 'lucide-react';
import { lazyNamed } from '../../lib/lazyNamed';
import type { ClientTool } from '../../tools/types';

export const tool: ClientTool = {
  order: 1,
  kind: 'article',
  path: '/ai/write-article',
  nav: { label: 'Write Article', icon: SquarePen },
  card: {
    title: 'AI Article Writer',
    description: 'Generate well-structured, engaging articles on any topic in the length you choose.',
    icon: PenLine,
    gradient: 'from-indigo-500 to-blue-500',
  },
  demo: {
    id: 'ai-article',
    order: 6,
    title: 'AI Article Writer',
    description: 'Get a well-structured article on any topic in short, medium or long form.',
    icon: PenLine,
    howItWorks: ['Enter a topic', 'Choose Short, Medium or Long', 'Edit, copy and publish'],
    useCases: ['Blog posts', 'Knowledge-base articles', 'First drafts for editors'],
    Scene: lazyNamed(() => import('./components/DemoScene'), 'ArticleDemoScene'),
  },
  docs: { name: 'Article Writer', text: 'enter a topic and choose Short (500–800 words), Medium (800–1200 words) or Long (1200+ words).' },
  creationLabel: 'Article',
  Route: lazyNamed(() => import('./routes/WriteArticleRoute'), 'WriteArticleRoute'),
};
