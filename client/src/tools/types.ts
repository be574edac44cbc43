// A tool as the client shows it (client/src/tools/catalogue.ts).
import type { LucideIcon } from 'lucide-react';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { CreationType } from '../gql/graphql';
import type { ServerToolKind } from './server-tools';

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
  demo?: {
    /** Names its tab on the demo page (`demo-tab-<id>`). */
    id: string;
    /** Its place among the demo's tools (the first is also the feature page's). */
    order: number;
    title: string;
    description: string;
    icon: LucideIcon;
    howItWorks: string[];
    useCases: string[];
    /**
     * Its animated illustration, in the tool's folder (components/DemoScene.tsx), loaded on
     * demand with lazyNamed so the landing page's bundle does not carry it.
     */
    Scene: LazyExoticComponent<ComponentType>;
  };
  /** The documentation page's line on it: the tool's name there, then what to do. */
  docs: { name: string; text: string };
  /** What the dashboard calls its creations, and whether they are images. */
  creation: { type: CreationType; label: string; image: boolean };
  /**
   * It takes an image that one of the user's creations may stand for (the server's definition
   * says so): a "Send to…" target (features/send-to).
   */
  imageInput: boolean;
  Route: LazyExoticComponent<ComponentType>;
}

/**
 * What a tool's feature folder says of it (features/<feature>/tool.ts, exported as `tool`); its
 * kind names the server's definition, which gives its plan and creation type.
 */
export type ClientTool = Omit<ToolEntry, 'slot' | 'plan' | 'creation' | 'imageInput'> & {
  kind: ServerToolKind;
  /** Its place in the sidebar (product §2). */
  order: number;
  /** What the dashboard calls its creations. */
  creationLabel: string;
};
