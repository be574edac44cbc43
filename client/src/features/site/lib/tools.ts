import { Eraser, FileText, Image, PenLine, Scissors, Type, type LucideIcon } from 'lucide-react';
import type { DemoKind } from '../components/DemoStage';

export interface DemoTool {
  id: DemoKind;
  title: string;
  description: string;
  icon: LucideIcon;
  path: string;
  howItWorks: string[];
  useCases: string[];
}

export const DEMO_TOOLS: DemoTool[] = [
  {
    id: 'image-gen',
    title: 'AI Image Generation',
    description: 'Describe a scene, pick a style and get a finished image in seconds.',
    icon: Image,
    path: '/ai/generate-images',
    howItWorks: ['Describe the image you want', 'Choose a style such as Realistic, Ghibli or Anime', 'Generate, download or publish it'],
    useCases: ['Blog and social media visuals', 'Concept art and mood boards', 'Thumbnails and banners'],
  },
  {
    id: 'blog-gen',
    title: 'Blog Title Generator',
    description: 'Turn a keyword into a list of catchy, category-aware headlines.',
    icon: Type,
    path: '/ai/blog-titles',
    howItWorks: ['Enter a keyword', 'Pick a category', 'Copy the titles you like'],
    useCases: ['Content calendars', 'SEO experiments', 'Newsletter subject lines'],
  },
  {
    id: 'resume-rv',
    title: 'Resume Review',
    description: 'Upload a PDF resume and get structured, actionable feedback.',
    icon: FileText,
    path: '/ai/review-resume',
    howItWorks: ['Upload your resume as a PDF', 'The AI reads and scores each section', 'Apply the suggested improvements'],
    useCases: ['Job applications', 'Career changes', 'Polishing a LinkedIn profile'],
  },
  {
    id: 'bg-removal',
    title: 'Background Removal',
    description: 'Cut the subject out of any photo with a clean, transparent background.',
    icon: Scissors,
    path: '/ai/remove-background',
    howItWorks: ['Upload an image', 'The subject is detected automatically', 'Download a transparent PNG'],
    useCases: ['Product photos', 'Profile pictures', 'Design compositions'],
  },
  {
    id: 'object-removal',
    title: 'Object Removal',
    description: 'Name one object and erase it from the picture as if it was never there.',
    icon: Eraser,
    path: '/ai/remove-object',
    howItWorks: ['Upload an image', 'Type the object to remove, in one word', 'Download the cleaned-up result'],
    useCases: ['Removing photobombers', 'Cleaning real-estate shots', 'Tidying product scenes'],
  },
  {
    id: 'ai-article',
    title: 'AI Article Writer',
    description: 'Get a well-structured article on any topic in short, medium or long form.',
    icon: PenLine,
    path: '/ai/write-article',
    howItWorks: ['Enter a topic', 'Choose Short, Medium or Long', 'Edit, copy and publish'],
    useCases: ['Blog posts', 'Knowledge-base articles', 'First drafts for editors'],
  },
];
