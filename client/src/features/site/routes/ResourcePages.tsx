import { Link } from 'react-router-dom';
import { Accordion } from '../components/Accordion';
import { PageIntro, SitePage } from '../components/ui';
import { TOOLS } from '../../../tools/catalogue';

/** Each tool's line from the catalogue: the writing tools, or the image tools. */
function ToolDocs({ image }: { image: boolean }) {
  return (
    <div className="space-y-2">
      {TOOLS.filter((t) => t.creation.image === image).map((t) => (
        <p key={t.slot}>
          <strong className="text-slate-800">{t.docs.name}</strong> — {t.docs.text}
        </p>
      ))}
    </div>
  );
}

const DOC_SECTIONS = [
  {
    title: 'Getting started',
    content: (
      <ol className="list-decimal space-y-1.5 pl-5">
        <li>Create an account or sign in.</li>
        <li>Open the dashboard and pick a tool from the sidebar.</li>
        <li>Enter your prompt or upload a file, then press the generate button.</li>
        <li>Copy or download the result. It is also saved to your creation history.</li>
      </ol>
    ),
  },
  { title: 'Writing tools', content: <ToolDocs image={false} /> },
  { title: 'Image tools', content: <ToolDocs image /> },
  {
    title: 'Plans, limits and support',
    content: (
      <div className="space-y-2">
        <p>
          The Free plan includes 10 text generations a month. Premium unlocks every tool. See{' '}
          <Link to="/product/pricing" className="font-medium text-indigo-600 hover:text-indigo-500">
            pricing
          </Link>{' '}
          for details.
        </p>
        <p>
          Building an integration? The{' '}
          <Link to="/resources/api" className="font-medium text-indigo-600 hover:text-indigo-500">
            API reference
          </Link>{' '}
          has samples in JavaScript, Python and curl. Stuck? Send us{' '}
          <Link to="/feedback" className="font-medium text-indigo-600 hover:text-indigo-500">
            feedback
          </Link>{' '}
          or{' '}
          <Link to="/contact" className="font-medium text-indigo-600 hover:text-indigo-500">
            contact us
          </Link>
          .
        </p>
      </div>
    ),
  },
];

export function DocumentationRoute() {
  return (
    <SitePage>
      <PageIntro eyebrow="Documentation" title="Documentation" intro="Everything you need to get the most out of Atelier's tools." />
      <div className="mx-auto mt-10 max-w-3xl sm:mt-12">
        <Accordion items={DOC_SECTIONS} initialOpen={0} level={2} />
      </div>
    </SitePage>
  );
}
