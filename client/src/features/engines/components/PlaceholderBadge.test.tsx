// @vitest-environment happy-dom
// "Placeholder" where an embedded stand-in made a creation (docs/engines.md, "Placeholder
// pictures"): on the image tool's result, on the dashboard, and the "Template" badge and the
// model's name under a text result.
import { MockedProvider } from '@apollo/client/testing/react';
import { cleanup, render as renderBare, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { CreationContent } from '../../dashboard/components/CreationContent';
import { ImageResult } from '../../image/components/ImageResult';
import { TextJobResult, type JobSnapshot } from '../../jobs';
import { jobSnapshot } from '../../jobs/testing';
import { FileText } from 'lucide-react';

afterEach(cleanup);

// The image result's Publish button reads the Apollo cache.
const render = (ui: ReactElement) => renderBare(ui, { wrapper: ({ children }) => <MockedProvider>{children}</MockedProvider> });

const creation = (over: Partial<NonNullable<JobSnapshot['creation']>> = {}): NonNullable<JobSnapshot['creation']> => ({
  id: 'c1',
  type: 'IMAGE',
  prompt: 'a cat',
  content: 'https://cdn.example/1.png',
  provider: 'local',
  placeholder: true,
  madeBy: null,
  note: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});
const done = (c: NonNullable<JobSnapshot['creation']>) => jobSnapshot({ status: 'completed', jobId: 'j1', phase: 'COMPLETED', percent: 100, creation: c, text: c.content });
const imageProps = { description: 'a cat', styleLabel: 'Realistic', published: false, errorMessage: null, onCancel: () => {}, onUpgraded: () => {} };

describe('placeholder badges', () => {
  it('sits over a drawn picture in the image result, in words screen readers read', () => {
    render(<ImageResult job={done(creation())} {...imageProps} />);
    const badge = screen.getByText('Placeholder — no image model connected');
    expect(badge.closest('[data-placeholder-badge]')?.className).toMatch(/absolute/);
    expect(badge.closest('[aria-hidden]')).toBeNull();
    expect(badge.closest('div')!.querySelector('img')!.getAttribute('alt')).toBe('a cat');
  });

  it('is not there for a model-made picture, which names its model', () => {
    render(<ImageResult job={done(creation({ placeholder: false, provider: 'comfyui', madeBy: 'ComfyUI · sd_xl_base_1.0' }))} {...imageProps} />);
    expect(screen.queryByText('Placeholder — no image model connected')).toBeNull();
    expect(screen.getByText('Made by ComfyUI · sd_xl_base_1.0')).toBeTruthy();
  });

  it('shows the picture as it forms while the job runs, counting each preview shown', () => {
    const running = (preview: string | null, previews: number) => jobSnapshot({ status: 'running', jobId: 'j1', phase: 'PROCESSING', percent: 40, preview, previews });
    const { rerender, container } = render(<ImageResult job={running(null, 0)} {...imageProps} />);
    expect(container.querySelector('[data-preview-skeleton]')).toBeTruthy();
    for (let i = 1; i <= 3; i++) rerender(<ImageResult job={running(`data:image/jpeg;base64,AAA${i}`, i)} {...imageProps} />);
    const img = screen.getByRole('img', { name: 'The picture as it forms' });
    expect(img.getAttribute('src')).toBe('data:image/jpeg;base64,AAA3');
    expect(img.getAttribute('data-preview-count')).toBe('3');
    expect(screen.getByText('The picture as it forms · 40%').getAttribute('aria-live')).toBe('polite');
  });

  it('sits over a drawn picture on the dashboard too', () => {
    render(<CreationContent type="IMAGE" prompt="a cat" content="https://cdn.example/1.png" provider="local" placeholder />);
    expect(screen.getByText('Placeholder — no image model connected')).toBeTruthy();
  });

  it('marks template text with a Template badge, and names the model that wrote a real one', () => {
    const props = {
      onCancel: () => {},
      onUpgraded: () => {},
      id: 'r',
      icon: FileText,
      title: 'Article',
      doneAnnouncement: 'Done.',
      resultLabel: 'Article text',
      emptyHint: '',
      embeddedNote: 'Written from a template.',
    };
    const text = creation({ type: 'ARTICLE', content: '# Hi', placeholder: true });
    const { rerender } = render(<TextJobResult job={done(text)} {...props} />);
    expect(screen.getByText('Template')).toBeTruthy();
    expect(screen.getByText('Written from a template.')).toBeTruthy();
    rerender(<TextJobResult job={done({ ...text, placeholder: false, provider: 'ollama', madeBy: 'Ollama · llama3.2:3b' })} {...props} />);
    expect(screen.queryByText('Template')).toBeNull();
    expect(screen.getByText(/Written by/).textContent).toBe('Written by Ollama · llama3.2:3b');
  });
});
