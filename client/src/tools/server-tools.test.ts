// Every tool the server defines (but the benchmark's) has exactly one feature folder saying how the
// client shows it, and the client takes its plan and creation type from the server's definition.
import { describe, expect, it } from 'vitest';
import { TOOLS } from './catalogue';
import { SERVER_TOOLS } from './server-tools';

describe('the client catalogue', () => {
  it('lists each server tool once, in the sidebar order, with the server plan and creation type', () => {
    expect(TOOLS.map((t) => t.slot).sort()).toEqual(Object.keys(SERVER_TOOLS).sort());
    expect(TOOLS.map((t) => t.nav.label)).toEqual(['Write Article', 'Blog Titles', 'Generate Images', 'Remove Background', 'Remove Object', 'Upscale Image', 'Review Resume']);
    for (const tool of TOOLS) {
      const server = SERVER_TOOLS[tool.slot as keyof typeof SERVER_TOOLS];
      expect(tool.plan).toBe(server.plan);
      expect(tool.creation.type).toBe(server.creationType);
      expect(tool.creation.image).toBe(server.output === 'image');
    }
  });
});
