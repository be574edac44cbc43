import { Hash } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import type { BlogCategory } from '../../../gql/graphql';
import { useToolRun } from '../../jobs';
import { GenerateBlogTitlesMutation } from '../api/operations';
import { BlogTitlesForm } from '../components/BlogTitlesForm';
import { BlogTitlesResult } from '../components/BlogTitlesResult';
import { blogCategoryLabel, DEFAULT_BLOG_CATEGORY, isBlogCategory } from '../lib/categories';
import { ToolEngineNote } from '../../engines';

export function BlogTitlesRoute() {
  const { job, busy, start, cancel, reset, resultRef } = useToolRun('blog-titles', GenerateBlogTitlesMutation, 'generateBlogTitles');
  // Coming back to a running or finished job shows what it was asked for.
  const [keyword, setKeyword] = useState(job.params?.keyword ?? '');
  const [category, setCategory] = useState<BlogCategory>(isBlogCategory(job.params?.category) ? job.params.category : DEFAULT_BLOG_CATEGORY);

  // The stats describe the finished list, so they name the category it was asked for.
  const asked = isBlogCategory(job.params?.category) ? job.params.category : category;

  function submit() {
    const input = { keyword: keyword.trim(), category };
    void start({ input }, input);
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeader icon={<Hash aria-hidden className="size-5" />} title="Blog Title Generator">
        Enter a keyword and pick a category; title ideas stream in as they are written.
      </PageHeader>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="flex min-w-0 flex-col gap-3">
          <BlogTitlesForm keyword={keyword} category={category} busy={busy} onKeywordChange={setKeyword} onCategoryChange={setCategory} onSubmit={submit} />
          <ToolEngineNote kind="text" />
        </div>
        <div ref={resultRef} className="min-w-0 scroll-mt-20">
          <BlogTitlesResult job={job} categoryLabel={blogCategoryLabel(asked)} onCancel={cancel} onUpgraded={reset} />
        </div>
      </div>
    </div>
  );
}
