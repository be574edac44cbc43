// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown, markdownBlocks, StreamingMarkdown } from './Markdown';

afterEach(cleanup);

const ARTICLE = '# Title\n\nFirst paragraph with **bold**.\n\n```js\nconst a = 1;\n\nconst b = 2;\n```\n\n- one\n- two\n\nLast para';

describe('markdownBlocks', () => {
  it('cuts at blank lines outside fenced code, and the pieces add up to the text', () => {
    const blocks = markdownBlocks(ARTICLE);
    expect(blocks).toEqual(['# Title\n\n', 'First paragraph with **bold**.\n\n', '```js\nconst a = 1;\n\nconst b = 2;\n```\n\n', '- one\n- two\n\n', 'Last para']);
    expect(blocks.join('')).toBe(ARTICLE);
    expect(markdownBlocks('')).toEqual([]);
    expect(markdownBlocks('Half a sent')).toEqual(['Half a sent']);
  });

  it('renders growing text block by block, as the whole text would read', () => {
    const { container, rerender } = render(<StreamingMarkdown text={ARTICLE.slice(0, 30)} />);
    expect(container.querySelector('h1')?.textContent).toBe('Title');
    rerender(<StreamingMarkdown text={ARTICLE} />);
    const streamed = container.textContent;
    cleanup();
    const whole = render(<Markdown>{ARTICLE}</Markdown>).container.textContent;
    expect(streamed).toBe(whole);
  });
});
