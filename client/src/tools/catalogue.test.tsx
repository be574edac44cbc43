// @vitest-environment happy-dom
// Adding a tool is its feature folder (with its tool.ts entry): a made-up entry added here
// reaches the router (with its badge), the sidebar, the landing grid, the product demo (with its
// own scene), the documentation page and the dashboard's labels, without touching any of them.
import { MockedProvider } from '@apollo/client/testing/react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Suspense, type ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CreationType } from '../gql/graphql';
import type { ToolEntry } from './catalogue';

vi.mock('./catalogue', async (importOriginal) => {
  const real = await importOriginal<typeof import('./catalogue')>();
  const { Pencil } = await import('lucide-react');
  const { lazy } = await import('react');
  const { PageHeader } = await import('../components/PageHeader');
  const sketch: ToolEntry = {
    slot: 'sketch',
    path: '/ai/sketch',
    plan: 'PREMIUM',
    imageInput: true,
    nav: { label: 'Sketch It', icon: Pencil },
    card: { title: 'Sketch Maker', description: 'Turn a photo into a pencil sketch.', icon: Pencil, gradient: 'from-slate-500 to-slate-700' },
    demo: {
      id: 'sketch',
      order: 7,
      title: 'Sketch Maker',
      description: 'A photo becomes a pencil sketch.',
      icon: Pencil,
      howItWorks: ['Upload a photo'],
      useCases: ['Portraits'],
      Scene: lazy(async () => ({ default: () => <p>A pencil at work</p> })),
    },
    docs: { name: 'Sketch Maker', text: 'upload a photo to get it back drawn in pencil.' },
    creation: { type: 'SKETCH' as CreationType, label: 'Sketch', image: true },
    Route: lazy(async () => ({ default: () => <PageHeader icon={<Pencil />} title="Sketch page" /> })),
  };
  return { ...real, TOOLS: [...real.TOOLS, sketch] };
});
import { AI_NAV } from '../app/ai/navItems';
import { routes } from '../app/router';
import { AuthContext } from '../features/auth/AuthContext';
import { signedOutAuth } from '../features/auth/testing';
import { ToolsGrid } from '../features/landing/components/ToolsGrid';
import { DEMO_TOOLS } from '../features/site/lib/tools';
import { DemoRoute } from '../features/site/routes/ProductPages';
import { DocumentationRoute } from '../features/site/routes/ResourcePages';
import { installFakeIntersectionObserver } from '../lib/useInView.testing';
import { TOOLS } from './catalogue';
import { CREATION_TYPE_LABEL, isImageCreation } from './creations';

afterEach(cleanup);

const SKETCH = TOOLS.find((t) => t.slot === 'sketch')!;
const aiChildren = routes.find((r) => r.path === '/ai')!.children!;
const page = (element: ReactElement) =>
  render(
    <MockedProvider>
      <AuthContext.Provider value={signedOutAuth}>
        <MemoryRouter>
          <Suspense fallback={null}>{element}</Suspense>
        </MemoryRouter>
      </AuthContext.Provider>
    </MockedProvider>,
  );

describe('the tool catalogue', () => {
  it('gives every tool a route under /ai, in the sidebar between the dashboard and the community (product §2)', () => {
    expect(SKETCH).toBeDefined();
    const routed = aiChildren.map((r) => r.path);
    for (const tool of TOOLS) {
      expect(tool.path).toMatch(/^\/ai\/[a-z-]+$/);
      expect(routed).toContain(tool.path.slice('/ai/'.length));
    }
    expect(AI_NAV.map((n) => n.to)).toEqual(['/ai', ...TOOLS.map((t) => t.path), '/ai/batches', '/ai/community']);
    expect(AI_NAV.find((n) => n.to === '/ai/sketch')).toMatchObject({ label: 'Sketch It', icon: SKETCH.nav.icon });
    expect(new Set(TOOLS.map((t) => t.slot)).size).toBe(TOOLS.length);
  });

  it("shows the entry's plan as the badge of its page", async () => {
    const route = aiChildren.find((r) => r.path === 'sketch')!;
    page(route.element as ReactElement);
    const header = (await screen.findByRole('heading', { name: 'Sketch page' })).parentElement!;
    expect(within(header).getByText('PREMIUM')).toBeTruthy();
  });

  it('puts a card per tool on the landing grid, in the catalogue order', () => {
    const io = installFakeIntersectionObserver();
    try {
      page(<ToolsGrid />);
      expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(TOOLS.map((t) => t.card.title));
      expect(screen.getByText('Turn a photo into a pencil sketch.')).toBeTruthy();
    } finally {
      io.restore();
    }
  });

  it("lists each tool on the documentation page under its kind, and gives the dashboard its creations' label", () => {
    page(<DocumentationRoute />);
    fireEvent.click(screen.getByRole('button', { name: 'Image tools' }));
    const images = screen.getByRole('region', { name: 'Image tools' });
    expect(within(images).getByText('Sketch Maker').parentElement!.textContent).toBe('Sketch Maker — upload a photo to get it back drawn in pencil.');
    expect(CREATION_TYPE_LABEL['SKETCH' as CreationType]).toBe('Sketch');
    for (const tool of TOOLS) {
      expect(CREATION_TYPE_LABEL[tool.creation.type]).toBe(tool.creation.label);
      expect(isImageCreation(tool.creation.type)).toBe(tool.creation.image);
    }
  });

  it('feeds the product demo the tools that have one, in its own order, each with its own scene', async () => {
    expect(DEMO_TOOLS.map((d) => [d.path, d.title])).toEqual(
      TOOLS.filter((t) => t.demo)
        .sort((a, b) => a.demo!.order - b.demo!.order)
        .map((t) => [t.path, t.demo!.title]),
    );
    page(<DemoRoute />);
    fireEvent.click(screen.getByRole('tab', { name: 'Sketch Maker' }));
    const stage = screen.getByRole('img', { name: 'Animated demo of Sketch Maker' });
    expect(await within(stage).findByText('A pencil at work')).toBeTruthy();
    // A real tool's scene, from its own folder.
    fireEvent.click(screen.getByRole('tab', { name: 'Object Removal' }));
    expect(await within(screen.getByRole('img', { name: 'Animated demo of Object Removal' })).findByText('object: car')).toBeTruthy();
  });
});
