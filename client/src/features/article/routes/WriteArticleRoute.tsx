import { PenLine } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import type { ArticleLength } from '../../../gql/graphql';
import { ARTICLE_LENGTHS } from '../../../lib/constants';
import { useEngine } from '../../engines';
import { useToolRun } from '../../jobs';
import { articleAdvancedInput, DEFAULT_ARTICLE_ADVANCED } from '../components/ArticleAdvanced';
import { GenerateArticleMutation } from '../api/operations';
import { ArticleForm } from '../components/ArticleForm';
import { ArticleResult } from '../components/ArticleResult';

const isArticleLength = (v: string | undefined): v is ArticleLength => ARTICLE_LENGTHS.some((l) => l.value === v);

export function WriteArticleRoute() {
  const { job, busy, start, cancel, reset, resultRef } = useToolRun('article', GenerateArticleMutation, 'generateArticle');
  // Coming back to a running or finished job shows what it was asked for.
  const [topic, setTopic] = useState(job.params?.topic ?? '');
  const [length, setLength] = useState<ArticleLength>(isArticleLength(job.params?.length) ? job.params.length : 'SHORT');

  const engine = useEngine('text');
  const [advanced, setAdvanced] = useState(DEFAULT_ARTICLE_ADVANCED);

  const asked = isArticleLength(job.params?.length) ? job.params.length : length;
  const lengthLabel = ARTICLE_LENGTHS.find((l) => l.value === asked)?.label ?? '';

  function submit() {
    const input = { topic: topic.trim(), length };
    void start({ input: { ...input, ...articleAdvancedInput(advanced, engine.has) } }, input);
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeader icon={<PenLine aria-hidden className="size-5" />} title="AI Article Writer">
        Pick a topic and a length; the article streams in as it is written.
      </PageHeader>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <ArticleForm
          topic={topic}
          length={length}
          busy={busy}
          onTopicChange={setTopic}
          onLengthChange={setLength}
          onSubmit={submit}
          engine={engine}
          advanced={advanced}
          onAdvancedChange={setAdvanced}
        />
        <div ref={resultRef} className="min-w-0 scroll-mt-20">
          <ArticleResult job={job} lengthLabel={lengthLabel} onCancel={cancel} onUpgraded={reset} />
        </div>
      </div>
    </div>
  );
}
