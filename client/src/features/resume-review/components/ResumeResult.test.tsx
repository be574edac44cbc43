// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobSnapshot } from '../../jobs';
import { jobSnapshot } from '../../jobs/testing';
import { ResumeResult } from './ResumeResult';

afterEach(cleanup);

const job = jobSnapshot;
const noop = () => {};
const running = (phase: JobSnapshot['phase']) => job({ status: 'running', jobId: 'j1', phase, percent: 30 });

function steps() {
  return within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .map((li) => ({
      label: li.textContent?.replace(/\s*\((done|in progress)\)\s*$/, '').trim(),
      state: li.getAttribute('aria-current') === 'step' ? 'active' : li.textContent?.includes('(done)') ? 'done' : 'todo',
    }));
}
/** What the live status line says (the visible phase). */
const phaseText = () =>
  screen
    .getAllByRole('status')
    .map((s) => s.textContent?.trim())
    .find((t) => t) ?? '';

describe('ResumeResult (product §2, §4)', () => {
  it('is empty before a review', () => {
    render(<ResumeResult job={job({})} onCancel={noop} onUpgraded={noop} />);
    expect(screen.getByText(/Upload your resume and click “Analyze Resume” to get feedback./)).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('maps the job phases to the steps Reading, Analyzing, Generating', () => {
    const { rerender } = render(<ResumeResult job={running('ANALYZING')} onCancel={noop} onUpgraded={noop} />);
    expect(phaseText()).toBe('Reading');
    expect(steps()).toEqual([
      { label: 'Reading', state: 'active' },
      { label: 'Analyzing', state: 'todo' },
      { label: 'Generating', state: 'todo' },
    ]);
    rerender(<ResumeResult job={running('PROCESSING')} onCancel={noop} onUpgraded={noop} />);
    expect(phaseText()).toBe('Analyzing');
    expect(steps().map((s) => s.state)).toEqual(['done', 'active', 'todo']);
    rerender(<ResumeResult job={running('FINALIZING')} onCancel={noop} onUpgraded={noop} />);
    expect(phaseText()).toBe('Generating');
    expect(steps().map((s) => s.state)).toEqual(['done', 'done', 'active']);
    expect(screen.queryByText(/Upload your resume/)).toBeNull();
  });

  it('shows the finished feedback as formatted markdown in a scrollable area capped at 500px (from md; a phone scrolls the page)', () => {
    const text = '## Strengths\n\n- **Clear** layout\n- Strong impact verbs\n\n## Improve\n\nAdd metrics.';
    render(<ResumeResult job={job({ status: 'completed', jobId: 'j1', phase: 'COMPLETED', percent: 100, text })} onCancel={noop} onUpgraded={noop} />);
    const region = screen.getByRole('region', { name: 'Resume feedback' });
    expect(region.className.split(' ')).toEqual(expect.arrayContaining(['md:max-h-[500px]', 'md:overflow-y-auto']));
    expect(
      within(region)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Strengths', 'Improve']);
    expect(within(region).getByText('Clear').tagName).toBe('STRONG');
    expect(within(region).queryByText(/##/)).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows why a review failed', () => {
    render(<ResumeResult job={job({ status: 'failed', error: { code: null, message: 'That PDF has no text', field: null } })} onCancel={noop} onUpgraded={noop} />);
    expect(screen.getByRole('alert').textContent).toBe('That PDF has no text');
    expect(screen.queryByText(/Upload your resume/)).toBeNull();
  });
});
