// Every AI tool the client shows, in one list: the router (/ai/<path>), the sidebar, the
// landing grid, the product demo and documentation pages, the badges and the dashboard's
// creation labels all read it. Each tool's entry is its feature folder's tool.ts, found here by
// Vite (import.meta.glob); its kind, plan and creation type are the server's (server-tools.ts,
// made by `npm run codegen`).
// Route components load on demand, so this file stays small in the landing page's bundle.
import { SERVER_TOOLS } from './server-tools';
import type { ClientTool, ToolEntry } from './types';

export type { ToolEntry } from './types';

const FOUND = import.meta.glob<ClientTool>('../features/*/tool.ts', { eager: true, import: 'tool' });

/** In the sidebar's order (product §2), each with what the server's definition says of it. */
export const TOOLS: readonly ToolEntry[] = Object.values(FOUND)
  .sort((a, b) => a.order - b.order)
  .map(({ kind, creationLabel, order: _order, ...tool }) => {
    const server = SERVER_TOOLS[kind];
    return {
      ...tool,
      slot: server.kind,
      plan: server.plan,
      creation: { type: server.creationType, label: creationLabel, image: server.output === 'image' },
      imageInput: server.imageInput,
    };
  });
