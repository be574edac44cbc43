import { Eraser, FileText, Hash, House, Image, Scissors, SquarePen, Users, type LucideIcon } from 'lucide-react';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Active only on this exact path (the dashboard, which every tool path starts with). */
  end?: boolean;
}

/** The sidebar of spec §2, in its order. */
export const AI_NAV: readonly NavItem[] = [
  { to: '/ai', label: 'Dashboard', icon: House, end: true },
  { to: '/ai/write-article', label: 'Write Article', icon: SquarePen },
  { to: '/ai/blog-titles', label: 'Blog Titles', icon: Hash },
  { to: '/ai/generate-images', label: 'Generate Images', icon: Image },
  { to: '/ai/remove-background', label: 'Remove Background', icon: Eraser },
  { to: '/ai/remove-object', label: 'Remove Object', icon: Scissors },
  { to: '/ai/review-resume', label: 'Review Resume', icon: FileText },
  { to: '/ai/community', label: 'Community', icon: Users },
];
