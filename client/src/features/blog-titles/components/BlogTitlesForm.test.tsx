// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BlogCategory } from '../../../gql/graphql';
import { DEFAULT_BLOG_CATEGORY } from '../lib/categories';
import { BlogTitlesForm } from './BlogTitlesForm';

afterEach(cleanup);

function Harness({ busy = false, onSubmit = () => {}, onCategory = () => {} }: { busy?: boolean; onSubmit?: () => void; onCategory?: (c: BlogCategory) => void }) {
  const [keyword, setKeyword] = useState('');
  const [category, setCategory] = useState<BlogCategory>(DEFAULT_BLOG_CATEGORY);
  return (
    <BlogTitlesForm
      keyword={keyword}
      category={category}
      busy={busy}
      onKeywordChange={setKeyword}
      onCategoryChange={(c) => {
        onCategory(c);
        setCategory(c);
      }}
      onSubmit={onSubmit}
    />
  );
}

const generate = () => screen.getByRole('button', { name: /Generate Titles|Generating/ }) as HTMLButtonElement;
const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;

describe('BlogTitlesForm (product §4, §5, §9)', () => {
  it('disables Generate Titles while the keyword is blank after trimming, and never submits then', () => {
    const submit = vi.fn();
    render(<Harness onSubmit={submit} />);
    expect(generate().textContent).toContain('Generate Titles');
    expect(generate().disabled).toBe(true);

    fireEvent.change(screen.getByLabelText('Keyword'), { target: { value: '   \t ' } });
    expect(generate().disabled).toBe(true);
    fireEvent.submit(generate().form!);
    expect(submit).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Keyword'), { target: { value: '  remote work ' } });
    expect(generate().disabled).toBe(false);
    fireEvent.click(generate());
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('disables Generate Titles and the category chips while a job runs, even with a keyword', () => {
    const submit = vi.fn();
    render(<Harness busy onSubmit={submit} />);
    fireEvent.change(screen.getByLabelText('Keyword'), { target: { value: 'bees' } });
    expect(generate().disabled).toBe(true);
    expect(generate().textContent).toContain('Generating…');
    expect(generate().textContent).not.toContain('Generate Titles');
    fireEvent.submit(generate().form!);
    expect(submit).not.toHaveBeenCalled();
    expect((screen.getByRole('group', { name: 'Category' }) as HTMLFieldSetElement).disabled).toBe(true);
  });

  it('shows the eight categories in order with General chosen by default', () => {
    render(<Harness />);
    const group = screen.getByRole('group', { name: 'Category' });
    const radios = within(group).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => r.closest('label')?.textContent)).toEqual(['General', 'Technology', 'Business', 'Health', 'Lifestyle', 'Education', 'Travel', 'Food']);
    expect(radios.filter((r) => r.checked).map((r) => r.value)).toEqual(['GENERAL']);
    expect(radio('General').checked).toBe(true);
  });

  it('lets the user pick another category, one at a time', () => {
    const onCategory = vi.fn();
    render(<Harness onCategory={onCategory} />);
    fireEvent.click(radio('Travel'));
    expect(onCategory).toHaveBeenLastCalledWith('TRAVEL');
    expect(radio('Travel').checked).toBe(true);
    expect(radio('General').checked).toBe(false);
    fireEvent.click(radio('Food'));
    expect(onCategory).toHaveBeenLastCalledWith('FOOD');
    expect(radio('Food').checked).toBe(true);
    expect(radio('Travel').checked).toBe(false);
  });
});
