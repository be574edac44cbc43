/// <reference types="vite/client" />
// The client's tool catalogue (client/src/tools/catalogue.ts) as the browser tests read it: every
// tool's page, label and plan, so a test that goes over the tools follows the catalogue. Vite
// loads it as the app does (its entries are found with import.meta.glob); the type checker does
// not follow the glob into the client's code, which compiles under its own tsconfig.
import type { ServerToolKind } from '../../client/src/tools/server-tools.js';

interface ClientToolEntry {
  /** The server's kind (client/src/tools/server-tools.ts). */
  slot: ServerToolKind;
  path: `/ai/${string}`;
  plan: 'FREE' | 'PREMIUM';
  nav: { label: string };
  card: { title: string };
}

const [catalogue] = Object.values(import.meta.glob<readonly ClientToolEntry[]>('../../client/src/tools/catalogue.ts', { eager: true, import: 'TOOLS' }));

/** Every tool the client shows, in the sidebar's order. */
export const CLIENT_TOOLS: readonly ClientToolEntry[] = catalogue!;
