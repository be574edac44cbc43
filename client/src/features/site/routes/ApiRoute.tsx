import { Check, Copy } from 'lucide-react';
import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { cardClass, PageIntro, SitePage } from '../components/ui';
import { endpointsOf, OPENAPI, OPENAPI_URL, type Endpoint } from '../lib/apiReference';
import { LANGS, sampleFor, type Lang } from '../lib/apiSamples';

const GROUPS = [
  { tag: 'Tools', title: 'Start a job', intro: 'Each tool answers 202 at once with the job; its samples follow the job’s events to the result.' },
  { tag: 'Jobs', title: 'Follow and cancel jobs', intro: 'A job’s id is in the answer that started it (and its Location header).' },
  { tag: 'Batches', title: 'Run batches and chains', intro: 'Up to 50 pictures through one to three image steps at once; each picture is a job of its own.' },
  { tag: 'Account', title: 'Your creations and usage', intro: 'Need the read scope.' },
] as const;

const PLACEHOLDER_ORIGIN = 'https://your-atelier-host';

/** `code` spans of the document's descriptions. */
function inline(text: string): ReactNode {
  return text.split(/`([^`]+)`/).map((part, i) =>
    i % 2 ? (
      <code key={i} className="font-mono text-[0.85em] text-slate-800">
        {part}
      </code>
    ) : (
      <Fragment key={i}>{part}</Fragment>
    ),
  );
}

/** A description: paragraphs, and "- " lines as a list. */
function Description({ text }: { text: string }) {
  const blocks = text.split(/\n\n+/);
  return (
    <div className="mt-1 space-y-2 text-sm leading-6 text-slate-600">
      {blocks.map((block, i) => {
        const lines = block.split('\n');
        const items = lines.filter((l) => l.startsWith('- '));
        const lead = lines.filter((l) => !l.startsWith('- '));
        return (
          <div key={i}>
            {lead.length ? <p>{inline(lead.join(' '))}</p> : null}
            {items.length ? (
              <ul className="mt-1 list-disc space-y-1 pl-5">
                {items.map((item) => (
                  <li key={item}>{inline(item.slice(2))}</li>
                ))}
              </ul>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}

function CopyCodeButton({ code, label }: { code: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  }

  const Icon = copied ? Check : Copy;
  return (
    <button
      type="button"
      onClick={copy}
      aria-label={`Copy the ${label} sample`}
      className="inline-flex items-center gap-1.5 rounded-md bg-white/10 px-2.5 py-1.5 text-xs font-semibold text-slate-100 hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-indigo-400"
    >
      <Icon aria-hidden className="size-3.5" />
      <span aria-live="polite">{copied ? 'Copied!' : 'Copy'}</span>
    </button>
  );
}

function Fields({ endpoint }: { endpoint: Endpoint }) {
  if (!endpoint.fields.length) return null;
  return (
    <div className="mt-3">
      <p className="text-xs font-semibold text-slate-700">{endpoint.multipart ? 'Body: multipart/form-data' : 'Body: JSON (or multipart/form-data)'}</p>
      <ul className="mt-1 space-y-1 text-xs leading-5 text-slate-600">
        {endpoint.fields.map((f) => (
          <li key={f.name}>
            <code className="font-mono font-semibold text-slate-900">{f.name}</code> <span className="font-mono break-words">{f.type}</span>
            {f.required ? <span className="font-semibold text-slate-700"> required</span> : null}
            {f.defaultValue !== undefined ? <span> · default {f.defaultValue}</span> : null}
            {f.description ? <span> · {f.description}</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

const METHOD_CLASS = { GET: 'bg-sky-100 text-sky-800', POST: 'bg-emerald-100 text-emerald-800' } as const;

function EndpointCard({ endpoint }: { endpoint: Endpoint }) {
  const [lang, setLang] = useState<Lang>('javascript');
  const code = sampleFor(endpoint, lang);
  const label = LANGS.find((l) => l.id === lang)?.label ?? lang;
  const name = `${endpoint.method} ${endpoint.path}`;
  return (
    <section className={`${cardClass} min-w-0`} aria-label={name} data-operation={endpoint.id}>
      <div className="flex flex-wrap items-center gap-2">
        <span className={`rounded-md px-2 py-0.5 font-mono text-xs font-bold ${METHOD_CLASS[endpoint.method]}`}>{endpoint.method}</span>
        <code className="font-mono text-sm font-semibold break-all text-slate-900">{endpoint.path}</code>
        {endpoint.plan ? (
          <span className="ml-auto rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">{endpoint.plan === 'FREE' ? 'Free & Premium' : 'Premium'}</span>
        ) : null}
      </div>
      <h3 className="mt-3 font-semibold text-slate-900">{endpoint.summary}</h3>
      <Description text={endpoint.description} />
      <Fields endpoint={endpoint} />
      <div className="mt-4 overflow-hidden rounded-xl bg-slate-900">
        <div className="flex items-center justify-between gap-2 border-b border-white/10 px-2 py-1.5">
          <div className="flex gap-1" role="group" aria-label="Language">
            {LANGS.map((l) => (
              <button
                key={l.id}
                type="button"
                aria-pressed={lang === l.id}
                onClick={() => setLang(l.id)}
                className={`rounded-md px-2.5 py-1 text-xs font-medium ${lang === l.id ? 'bg-white/15 text-white' : 'text-slate-300 hover:text-white'}`}
              >
                {l.label}
              </button>
            ))}
          </div>
          <CopyCodeButton code={code} label={label} />
        </div>
        {/* Focusable: a sample taller or wider than its box scrolls from the keyboard too. */}
        <pre
          tabIndex={0}
          role="region"
          aria-label={`${name} in ${label}`}
          className="max-h-96 overflow-auto p-4 text-xs leading-5 text-slate-100 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-indigo-400"
        >
          <code data-lang={lang}>{code}</code>
        </pre>
      </div>
    </section>
  );
}

function Setup() {
  // The address is this site's once the page runs (the prerendered HTML has a placeholder).
  const [origin, setOrigin] = useState(PLACEHOLDER_ORIGIN);
  useEffect(() => setOrigin(window.location.origin), []);
  return (
    <div className="mx-auto mt-8 max-w-3xl space-y-3 rounded-xl border border-indigo-200 bg-indigo-50 px-4 py-4 text-sm leading-6 text-indigo-950">
      <p>
        Create an API key on your{' '}
        <Link to="/ai/account" className="font-semibold underline">
          account page
        </Link>{' '}
        with the scopes it needs (read, generate, publish) and send it as <code className="font-mono font-semibold">Authorization: Bearer &lt;key&gt;</code>. New here?{' '}
        <Link to="/signup" className="font-semibold underline">
          Create a free account
        </Link>
        . The samples read the server and your key from the environment (JavaScript: Node 20 or later, saved as a <code className="font-mono">.mjs</code> file; Python: the requests
        package):
      </p>
      <pre className="overflow-x-auto rounded-lg bg-white px-3 py-2 font-mono text-xs text-slate-800" tabIndex={0} aria-label="Environment for the samples">
        <code>{`export ATELIER_URL=${origin}\nexport ATELIER_API_KEY=atl_…`}</code>
      </pre>
      <p>
        Errors are <code className="font-mono">application/problem+json</code> with the same <code className="font-mono">code</code> GraphQL gives. An{' '}
        <code className="font-mono">Idempotency-Key</code> makes a repeated request answer with the same job. Limited routes answer with{' '}
        <code className="font-mono">RateLimit-*</code> headers, and <code className="font-mono">Retry-After</code> on 429.
      </p>
      <p>
        Everything below comes from the{' '}
        <a href={OPENAPI_URL} className="font-semibold underline">
          OpenAPI {OPENAPI.info.version} document
        </a>
        : generate a typed client from it (e.g. openapi-typescript). The tools are also on GraphQL at <code className="font-mono">/graphql</code>, and{' '}
        <Link to="/resources/documentation" className="font-semibold underline">
          the documentation
        </Link>{' '}
        says what each does.
      </p>
    </div>
  );
}

export function ApiRoute() {
  const endpoints = endpointsOf();
  return (
    <SitePage>
      <PageIntro eyebrow="API" title="Atelier API" intro="Start any tool as an asynchronous job, follow it live as it works, and read your creations and usage." />
      <Setup />
      {GROUPS.map((group) => (
        <section key={group.tag} className="mt-12" aria-labelledby={`api-${group.tag}`}>
          <h2 id={`api-${group.tag}`} className="text-xl font-bold text-slate-900">
            {group.title}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{group.intro}</p>
          <div className="mt-5 grid gap-6 lg:grid-cols-2">
            {endpoints
              .filter((e) => e.tag === group.tag)
              .map((e) => (
                <EndpointCard key={`${e.method} ${e.path}`} endpoint={e} />
              ))}
          </div>
        </section>
      ))}
    </SitePage>
  );
}
