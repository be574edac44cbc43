// @vitest-environment happy-dom
import { ApolloLink } from '@apollo/client';
import { MockedProvider } from '@apollo/client/testing/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Observable } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), dismiss: vi.fn() } }));
import { resetSession } from '../../../lib/apollo';
import { jobStore } from '../../jobs/jobStore';
import { BlogTitlesRoute } from './BlogTitlesRoute';

const silentLink = new ApolloLink(() => new Observable(() => {}));

afterEach(async () => {
  cleanup();
  // Forget the job started below (jobs outlive their page on purpose).
  await act(() => resetSession({ signedIn: false }));
});

function renderRoute() {
  return render(
    <MockedProvider link={silentLink}>
      <BlogTitlesRoute />
    </MockedProvider>,
  );
}

describe('BlogTitlesRoute (product §4, §9)', () => {
  it('opens with General chosen and Generate Titles disabled until a keyword is typed', () => {
    renderRoute();
    expect((screen.getByRole('radio', { name: 'General' }) as HTMLInputElement).checked).toBe(true);
    const button = screen.getByRole('button', { name: 'Generate Titles' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Keyword'), { target: { value: 'sourdough' } });
    expect(button.disabled).toBe(false);
  });

  it('disables Generate Titles while a job is loading', () => {
    renderRoute();
    fireEvent.change(screen.getByLabelText('Keyword'), { target: { value: 'sourdough' } });
    // A job that has been asked for and not yet answered.
    act(() => void jobStore.run('blog-titles', () => new Promise(() => {}), { keyword: 'sourdough', category: 'GENERAL' }));
    const button = screen.getByRole('button', { name: /Generating/ }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Generate Titles' })).toBeNull();
    expect(screen.getByRole('progressbar')).toBeTruthy();
  });
});
