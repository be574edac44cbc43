import type { LucideIcon } from 'lucide-react';
import type { ComponentType } from 'react';
import { TOOLS } from '../../../tools/catalogue';

export interface DemoTool {
  id: string;
  title: string;
  description: string;
  icon: LucideIcon;
  path: string;
  howItWorks: string[];
  useCases: string[];
  Scene: ComponentType;
}

/** The product demo's tools, in its own order (from the tool catalogue). */
export const DEMO_TOOLS: DemoTool[] = TOOLS.flatMap((t) => (t.demo ? [{ ...t.demo, path: t.path }] : [])).sort((a, b) => a.order - b.order);
