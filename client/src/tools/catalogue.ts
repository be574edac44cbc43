// Every AI tool the client shows, in one list: the router (/ai/<path>), the sidebar, the
// landing grid, the product demo and documentation pages, the badges and the dashboard's
// creation labels all read it. Adding a tool is its feature folder and one entry here; its
// kind, plan and creation type are the server's (server-tools.ts, made by `npm run codegen`).
// Route components load on demand, so this file stays small in the landing page's bundle.
import { Eraser, FileText, Hash, Image, ImageIcon, Maximize2, PenLine, Scissors, SquarePen, Type, type LucideIcon } from 'lucide-react';
import type { LazyExoticComponent, ComponentType } from 'react';
import type { CreationType } from '../gql/graphql';
import type { DemoKind } from '../features/site/components/DemoStage';
import { lazyNamed } from '../lib/lazyNamed';
import { SERVER_TOOLS, type ServerToolKind } from './server-tools';

export interface ToolEntry {
  /** The server's kind of the tool, and its name in the job store (its current job survives navigation). */
  slot: string;
  /** Under /ai. */
  path: `/ai/${string}`;
  plan: 'FREE' | 'PREMIUM';
  nav: { label: string; icon: LucideIcon };
  /** The landing grid's card (product §2). */
  card: { title: string; description: string; icon: LucideIcon; gradient: string };
  /** The product demo and documentation texts; tools without one are not in the demo. */
  demo?: { id: DemoKind; order: number; title: string; description: string; icon: LucideIcon; howItWorks: string[]; useCases: string[] };
  /** The documentation page's line on it: the tool's name there, then what to do. */
  docs: { name: string; text: string };
  /** What the dashboard calls its creations, and whether they are images. */
  creation: { type: CreationType; label: string; image: boolean };
  Route: LazyExoticComponent<ComponentType>;
}

/** What the client says of a tool; its kind, plan and creation type come from the server's definition. */
type ClientTool = Omit<ToolEntry, 'slot' | 'plan' | 'creation'> & { kind: ServerToolKind; creationLabel: string };

/** In the sidebar's order (product §2). */
const CLIENT_TOOLS: readonly ClientTool[] = [
  {
    kind: 'article',
    path: '/ai/write-article',
    nav: { label: 'Write Article', icon: SquarePen },
    card: { title: 'AI Article Writer', description: 'Generate well-structured, engaging articles on any topic in the length you choose.', icon: PenLine, gradient: 'from-indigo-500 to-blue-500' },
    demo: {
      id: 'ai-article',
      order: 6,
      title: 'AI Article Writer',
      description: 'Get a well-structured article on any topic in short, medium or long form.',
      icon: PenLine,
      howItWorks: ['Enter a topic', 'Choose Short, Medium or Long', 'Edit, copy and publish'],
      useCases: ['Blog posts', 'Knowledge-base articles', 'First drafts for editors'],
    },
    docs: { name: 'Article Writer', text: 'enter a topic and choose Short (500–800 words), Medium (800–1200 words) or Long (1200+ words).' },
    creationLabel: 'Article',
    Route: lazyNamed(() => import('../features/article/routes/WriteArticleRoute'), 'WriteArticleRoute'),
  },
  {
    kind: 'blog-titles',
    path: '/ai/blog-titles',
    nav: { label: 'Blog Titles', icon: Hash },
    card: { title: 'Blog Title Generator', description: 'Find catchy, click-worthy headlines for your posts from a single keyword.', icon: Hash, gradient: 'from-fuchsia-500 to-purple-600' },
    demo: {
      id: 'blog-gen',
      order: 2,
      title: 'Blog Title Generator',
      description: 'Turn a keyword into a list of catchy, category-aware headlines.',
      icon: Type,
      howItWorks: ['Enter a keyword', 'Pick a category', 'Copy the titles you like'],
      useCases: ['Content calendars', 'SEO experiments', 'Newsletter subject lines'],
    },
    docs: { name: 'Blog Titles', text: 'enter a keyword and a category (General, Technology, Business, Health, Lifestyle, Education, Travel or Food).' },
    creationLabel: 'Blog titles',
    Route: lazyNamed(() => import('../features/blog-titles/routes/BlogTitlesRoute'), 'BlogTitlesRoute'),
  },
  {
    kind: 'image',
    path: '/ai/generate-images',
    nav: { label: 'Generate Images', icon: Image },
    card: { title: 'AI Image Generation', description: 'Turn a description into striking visuals in styles from realistic to anime.', icon: ImageIcon, gradient: 'from-emerald-500 to-teal-500' },
    demo: {
      id: 'image-gen',
      order: 1,
      title: 'AI Image Generation',
      description: 'Describe a scene, pick a style and get a finished image in seconds.',
      icon: Image,
      howItWorks: ['Describe the image you want', 'Choose a style such as Realistic, Ghibli or Anime', 'Generate, download or publish it'],
      useCases: ['Blog and social media visuals', 'Concept art and mood boards', 'Thumbnails and banners'],
    },
    docs: { name: 'Generate Images', text: 'describe the image and choose a style: Realistic, Ghibli, Anime, Cartoon, Fantasy, 3D or Portrait. Images are private unless you choose to publish them.' },
    creationLabel: 'Image',
    Route: lazyNamed(() => import('../features/image/routes/GenerateImagesRoute'), 'GenerateImagesRoute'),
  },
  {
    kind: 'background-removal',
    path: '/ai/remove-background',
    nav: { label: 'Remove Background', icon: Eraser },
    card: { title: 'Background Removal', description: 'Cut out the subject of any photo cleanly, ready for your next design.', icon: Eraser, gradient: 'from-orange-500 to-amber-500' },
    demo: {
      id: 'bg-removal',
      order: 4,
      title: 'Background Removal',
      description: 'Cut the subject out of any photo with a clean, transparent background.',
      icon: Scissors,
      howItWorks: ['Upload an image', 'The subject is detected automatically', 'Download a transparent PNG'],
      useCases: ['Product photos', 'Profile pictures', 'Design compositions'],
    },
    docs: { name: 'Remove Background', text: 'upload any image to get a transparent PNG.' },
    creationLabel: 'Background removal',
    Route: lazyNamed(() => import('../features/background-removal/routes/RemoveBackgroundRoute'), 'RemoveBackgroundRoute'),
  },
  {
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
    },
    docs: { name: 'Remove Object', text: 'upload an image and name one object, in one word.' },
    creationLabel: 'Object removal',
    Route: lazyNamed(() => import('../features/object-removal/routes/RemoveObjectRoute'), 'RemoveObjectRoute'),
  },
  {
    kind: 'upscale-image',
    path: '/ai/upscale-image',
    nav: { label: 'Upscale Image', icon: Maximize2 },
    card: { title: 'Image Upscaler', description: 'Enlarge a photo 2× or 4× and keep its edges and textures crisp.', icon: Maximize2, gradient: 'from-violet-500 to-indigo-500' },
    docs: { name: 'Upscale Image', text: 'upload an image and choose 2× or 4×; the result is sharper than plain resizing (at most 36 megapixels).' },
    creationLabel: 'Upscaled image',
    Route: lazyNamed(() => import('../features/upscale-image/routes/UpscaleImageRoute'), 'UpscaleImageRoute'),
  },
  {
    kind: 'resume-review',
    path: '/ai/review-resume',
    nav: { label: 'Review Resume', icon: FileText },
    card: { title: 'Resume Reviewer', description: 'Get clear, actionable feedback on your resume to stand out to recruiters.', icon: FileText, gradient: 'from-rose-500 to-pink-500' },
    demo: {
      id: 'resume-rv',
      order: 3,
      title: 'Resume Review',
      description: 'Upload a PDF resume and get structured, actionable feedback.',
      icon: FileText,
      howItWorks: ['Upload your resume as a PDF', 'The AI reads and scores each section', 'Apply the suggested improvements'],
      useCases: ['Job applications', 'Career changes', 'Polishing a LinkedIn profile'],
    },
    docs: { name: 'Resume Review', text: 'upload a PDF resume to get structured feedback.' },
    creationLabel: 'Resume review',
    Route: lazyNamed(() => import('../features/resume-review/routes/ReviewResumeRoute'), 'ReviewResumeRoute'),
  },
];

/** Each tool with what the server's definition says of it (server-tools.ts, generated with schema.graphql). */
export const TOOLS: readonly ToolEntry[] = CLIENT_TOOLS.map(({ kind, creationLabel, ...tool }) => {
  const server = SERVER_TOOLS[kind];
  return { ...tool, slot: server.kind, plan: server.plan, creation: { type: server.creationType, label: creationLabel, image: server.output === 'image' } };
});
