// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jobSnapshot } from '../../jobs/testing';
import { BlogTitlesResult } from './BlogTitlesResult';

afterEach(cleanup);

const job = jobSnapshot;

const TITLES = '1. Ten Ways to Bake Bread\n2. Why Bees Matter\n3) Code: the new literacy';

/** The value shown under a stat's label (Titles, Words, Category). */
function stat(label: string): string | null | undefined {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

describe('BlogTitlesResult (product §2, §4)', () => {
  it('counts titles, words and names the category of a finished result', () => {
    render(
      <BlogTitlesResult
        job={job({ status: 'completed', jobId: 'j1', phase: 'COMPLETED', percent: 100, text: TITLES })}
        categoryLabel="Technology"
        onCancel={() => {}}
        onUpgraded={() => {}}
      />,
    );
    expect(stat('Titles')).toBe('3');
    expect(stat('Words')).toBe('12');
    expect(stat('Category')).toBe('Technology');
    const region = screen.getByRole('region', { name: 'Generated blog titles' });
    expect(
      within(region)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Ten Ways to Bake Bread', 'Why Bees Matter', 'Code: the new literacy']);
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
  });

  it('shows neither stats nor Copy while generating, but the progress and what streamed so far', () => {
    render(
      <BlogTitlesResult
        job={job({ status: 'running', jobId: 'j1', phase: 'PROCESSING', percent: 40, text: '1. First' })}
        categoryLabel="General"
        onCancel={vi.fn()}
        onUpgraded={() => {}}
      />,
    );
    expect(screen.queryByText('Titles', { selector: 'dt' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy' })).toBeNull();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByRole('region', { name: 'Generated blog titles' }).textContent).toContain('First');
  });

  it('shows the empty prompt when idle and the error when the job failed', () => {
    const { rerender } = render(<BlogTitlesResult job={job({})} categoryLabel="General" onCancel={() => {}} onUpgraded={() => {}} />);
    expect(screen.getByText(/Enter a keyword and click “Generate Titles”/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(
      <BlogTitlesResult
        job={job({ status: 'failed', error: { code: null, message: 'The AI service is busy', field: null } })}
        categoryLabel="General"
        onCancel={() => {}}
        onUpgraded={() => {}}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('The AI service is busy');
    expect(screen.queryByText(/Enter a keyword/)).toBeNull();
    expect(screen.queryByText('Titles', { selector: 'dt' })).toBeNull();
  });
});
