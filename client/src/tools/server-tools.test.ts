// Every tool the server defines (but the benchmark's) has exactly one feature folder saying how the
// client shows it, and the client takes its plan and creation type from the server's definition.
import { describe, expect, it } from 'vitest';
import { TOOLS } from './catalogue';
import { SERVER_TOOLS } from './server-tools';
import type { ClientTool } from './types';

/** The feature folders' entries as they are written, before catalogue.ts sorts them. */
const ENTRIES = Object.values(import.meta.glob<ClientTool>('../features/*/tool.ts', { eager: true, import: 'tool' }));

describe('the client catalogue', () => {
  it('lists each server tool once, in the sidebar order, with the server plan and creation type', () => {
    expect(TOOLS.map((t) => t.slot).sort()).toEqual(Object.keys(SERVER_TOOLS).sort());
    // Each entry has its own place in the sidebar (so its order is the entries' one), label and page.
    for (const values of [ENTRIES.map((e) => String(e.order)), TOOLS.map((t) => t.nav.label), TOOLS.map((t) => t.path)]) {
      expect(new Set(values).size).toBe(TOOLS.length);
    }
    expect(TOOLS.every((t) => t.nav.label.trim() !== '')).toBe(true);
    for (const tool of TOOLS) {
      const server = SERVER_TOOLS[tool.slot as keyof typeof SERVER_TOOLS];
      expect(tool.plan).toBe(server.plan);
      expect(tool.creation.type).toBe(server.creationType);
      expect(tool.creation.image).toBe(server.output === 'image');
    }
  });
});
