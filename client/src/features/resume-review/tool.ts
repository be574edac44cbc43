// The resume-review tool as the client lists it (client/src/tools/catalogue.ts finds this file).
import { FileText } from 'lucide-react';
import { lazyNamed } from '../../lib/lazyNamed';
import type { ClientTool } from '../../tools/types';

export const tool: ClientTool = {
  order: 7,
  kind: 'resume-review',
  path: '/ai/review-resume',
  nav: { label: 'Review Resume', icon: FileText },
  card: {
    title: 'Resume Reviewer',
    description: 'Get clear, actionable feedback on your resume to stand out to recruiters.',
    icon: FileText,
    gradient: 'from-rose-500 to-pink-500',
  },
  demo: {
    id: 'resume-rv',
    order: 3,
    title: 'Resume Review',
    description: 'Upload a PDF resume and get structured, actionable feedback.',
    icon: FileText,
    howItWorks: ['Upload your resume as a PDF', 'The AI reads and scores each section', 'Apply the suggested improvements'],
    useCases: ['Job applications', 'Career changes', 'Polishing a LinkedIn profile'],
    Scene: lazyNamed(() => import('./components/DemoScene'), 'ResumeReviewDemoScene'),
  },
  docs: { name: 'Resume Review', text: 'upload a PDF resume to get structured feedback.' },
  creationLabel: 'Resume review',
  Route: lazyNamed(() => import('./routes/ReviewResumeRoute'), 'ReviewResumeRoute'),
};
