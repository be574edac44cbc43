import { describe, expect, it } from 'vitest';
import { AI_NAV } from '../app/ai/navItems';
import { DEMO_TOOLS } from '../features/site/lib/tools';
import { TOOLS } from './catalogue';
import { CREATION_TYPE_LABEL, isImageCreation } from './creations';

describe('the tool catalogue', () => {
  it('feeds the sidebar, the demo and the dashboard labels (the router maps it too: browser tests open each path)', () => {
    for (const tool of TOOLS) {
      expect(AI_NAV.map((n) => n.to)).toContain(tool.path);
      expect(tool.path).toMatch(/^\/ai\/[a-z-]+$/);
      expect(CREATION_TYPE_LABEL[tool.creation.type]).toBe(tool.creation.label);
      expect(isImageCreation(tool.creation.type)).toBe(tool.creation.image);
      if (tool.demo) expect(DEMO_TOOLS.find((d) => d.id === tool.demo!.id)?.path).toBe(tool.path);
    }
    // Spec §2's order around the tools: the dashboard first, the community last.
    expect(AI_NAV[0]!.to).toBe('/ai');
    expect(AI_NAV.at(-1)!.to).toBe('/ai/community');
    expect(new Set(TOOLS.map((t) => t.slot)).size).toBe(TOOLS.length);
  });
});
