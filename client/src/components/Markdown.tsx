import { Fragment, memo, useMemo } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';

// Links in generated text go elsewhere: open them in a new tab without leaking our URL.
const components: Components = {
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" />,
};

/** The rendered markdown alone (no wrapper), sanitised. */
const MarkdownBody = memo(function MarkdownBody({ text }: { text: string }) {
  return (
    <ReactMarkdown remarkPlugins={[remarkGfm]} rehypePlugins={[rehypeSanitize]} components={components}>
      {text}
    </ReactMarkdown>
  );
});

/** Markdown from the AI or the server, sanitised: raw HTML and scripts never reach the page. */
export function Markdown({ children, className = '' }: { children: string; className?: string }) {
  return (
    <div className={`markdown ${className}`}>
      <MarkdownBody text={children} />
    </div>
  );
}

/**
 * Text cut into its blocks (at blank lines outside fenced code), each with the blank line
 * that ends it; the last block is the one still growing.
 */
export function markdownBlocks(text: string): string[] {
  const blocks: string[] = [];
  let start = 0;
  let fenced = false;
  let lineStart = 0;
  while (lineStart < text.length) {
    const end = text.indexOf('\n', lineStart);
    const lineEnd = end === -1 ? text.length : end;
    const line = text.slice(lineStart, lineEnd);
    if (/^\s{0,3}(```|~~~)/.test(line)) fenced = !fenced;
    if (!fenced && line.trim() === '' && lineStart > start && end !== -1) {
      blocks.push(text.slice(start, end + 1));
      start = end + 1;
    }
    if (end === -1) break;
    lineStart = end + 1;
  }
  if (start < text.length) blocks.push(text.slice(start));
  return blocks;
}

/**
 * Markdown that grows while it is written: each finished block is rendered once and kept, so
 * a new piece re-renders only the block it lands in (a whole article re-rendered per piece
 * took 35 ms at 5,000 characters here, and several times that on a slow machine). A block can
 * read differently from the whole (a list split by blank lines shows as two): show the
 * finished text with Markdown.
 */
export function StreamingMarkdown({ text, className = '' }: { text: string; className?: string }) {
  const blocks = useMemo(() => markdownBlocks(text), [text]);
  return (
    <div className={`markdown ${className}`}>
      {blocks.map((block, i) => (
        // The line between blocks that the whole text's rendering puts there too.
        <Fragment key={i}>
          {i > 0 && '\n'}
          <MarkdownBody text={block} />
        </Fragment>
      ))}
    </div>
  );
}
