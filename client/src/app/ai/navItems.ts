import { House, Layers, Users, type LucideIcon } from 'lucide-react';
import { TOOLS } from '../../tools/catalogue';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Active only on this exact path (the dashboard, which every tool path starts with). */
  end?: boolean;
  /** A Premium tool: locked (with a lock icon) for someone on Free. */
  premium?: boolean;
}

/** The sidebar of product §2: the dashboard, every tool in the catalogue's order, batches of pictures (docs/batches.md), the community. */
export const AI_NAV: readonly NavItem[] = [
  { to: '/ai', label: 'Dashboard', icon: House, end: true },
  ...TOOLS.map((t) => ({ to: t.path, label: t.nav.label, icon: t.nav.icon, premium: t.plan === 'PREMIUM' })),
  { to: '/ai/batches', label: 'Batches', icon: Layers, premium: true },
  { to: '/ai/community', label: 'Community', icon: Users },
];
