import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Accordion } from '../components/Accordion';
import { cardClass, PageIntro, SitePage } from '../components/ui';
import { TOOLS } from '../../../tools/catalogue';

type Lang = 'javascript' | 'python' | 'curl';
const LANGS: { id: Lang; label: string }[] = [
  { id: 'javascript', label: 'JavaScript' },
  { id: 'python', label: 'Python' },
  { id: 'curl', label: 'curl' },
];

interface Endpoint {
  path: string;
  title: string;
  description: string;
  body: string;
  plan: 'Free & Premium' | 'Premium';
  samples: Record<Lang, string>;
}

const HOST = 'https://your-atelier-host';

const ENDPOINTS: Endpoint[] = [
  {
    path: '/api/ai/generate-article',
    title: 'Generate an article',
    description: 'Writes an article about a topic. length is 800 (Short), 1200 (Medium) or 1600 (Long).',
    body: 'JSON { prompt, length }',
    plan: 'Free & Premium',
    samples: {
      javascript: `const res = await fetch('${HOST}/api/ai/generate-article', {
  method: 'POST',
  headers: {
    'Content-Type': 'application/json',
    Authorization: \`Bearer \${token}\`,
  },
  body: JSON.stringify({
    prompt: 'Write an article about remote work in Short',
    length: 800,
  }),
});
const { success, content, message } = await res.json();`,
      python: `import requests

res = requests.post(
    "${HOST}/api/ai/generate-article",
    headers={"Authorization": f"Bearer {token}"},
    json={"prompt": "Write an article about remote work in Short", "length": 800},
)
data = res.json()  # {"success", "content", "message"}`,
      curl: `curl -X POST ${HOST}/api/ai/generate-article \\
  -H "Authorization: Bearer $TOKEN" \\
  -H "Content-Type: application/json" \\
  -d '{"prompt":"Write an article about remote work in Short","length":800}'`,
    },
  },
  {
    path: '/api/ai/generate-image',
    title: 'Generate an image',
    description: 'Creates an image from a description and style. content is the image URL; publish shares it to the gallery.',
    body: 'JSON { prompt, publish }',
    plan: 'Premium',
    samples: {
      javascript: `const res = await fetch('${HOST}/api/ai/generate-image', {
  method: 'POST',
  headers: {
    'Content-Type': 'application/json',
    Authorization: \`Bearer \${token}\`,
  },
  body: JSON.stringify({
    prompt: 'Generate an image of a lighthouse at dusk in the style Realistic',
    publish: false,
  }),
});
const { success, content: imageUrl } = await res.json();`,
      python: `import requests

res = requests.post(
    "${HOST}/api/ai/generate-image",
    headers={"Authorization": f"Bearer {token}"},
    json={
        "prompt": "Generate an image of a lighthouse at dusk in the style Realistic",
        "publish": False,
    },
)
image_url = res.json()["content"]`,
      curl: `curl -X POST ${HOST}/api/ai/generate-image \\
  -H "Authorization: Bearer $TOKEN" \\
  -H "Content-Type: application/json" \\
  -d '{"prompt":"Generate an image of a lighthouse at dusk in the style Realistic","publish":false}'`,
    },
  },
  {
    path: '/api/ai/remove-image-background',
    title: 'Remove a background',
    description: 'Removes the background from an uploaded image. content is the URL of the transparent result.',
    body: 'multipart, field image',
    plan: 'Premium',
    samples: {
      javascript: `const form = new FormData();
form.append('image', file); // a File or Blob

const res = await fetch('${HOST}/api/ai/remove-image-background', {
  method: 'POST',
  headers: { Authorization: \`Bearer \${token}\` },
  body: form,
});
const { success, content: imageUrl } = await res.json();`,
      python: `import requests

with open("photo.jpg", "rb") as f:
    res = requests.post(
        "${HOST}/api/ai/remove-image-background",
        headers={"Authorization": f"Bearer {token}"},
        files={"image": f},
    )
image_url = res.json()["content"]`,
      curl: `curl -X POST ${HOST}/api/ai/remove-image-background \\
  -H "Authorization: Bearer $TOKEN" \\
  -F "image=@photo.jpg"`,
    },
  },
  {
    path: '/api/ai/remove-image-object',
    title: 'Remove an object',
    description: 'Erases one named object (a single word) from an uploaded image. content is the URL of the result.',
    body: 'multipart, fields image and object',
    plan: 'Premium',
    samples: {
      javascript: `const form = new FormData();
form.append('image', file);
form.append('object', 'car');

const res = await fetch('${HOST}/api/ai/remove-image-object', {
  method: 'POST',
  headers: { Authorization: \`Bearer \${token}\` },
  body: form,
});
const { success, content: imageUrl } = await res.json();`,
      python: `import requests

with open("street.jpg", "rb") as f:
    res = requests.post(
        "${HOST}/api/ai/remove-image-object",
        headers={"Authorization": f"Bearer {token}"},
        files={"image": f},
        data={"object": "car"},
    )
image_url = res.json()["content"]`,
      curl: `curl -X POST ${HOST}/api/ai/remove-image-object \\
  -H "Authorization: Bearer $TOKEN" \\
  -F "image=@street.jpg" \\
  -F "object=car"`,
    },
  },
];

function CopyCodeButton({ code }: { code: string }) {
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
      className="inline-flex items-center gap-1.5 rounded-md bg-white/10 px-2.5 py-1.5 text-xs font-semibold text-slate-100 hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-indigo-400"
    >
      <Icon aria-hidden className="size-3.5" />
      <span aria-live="polite">{copied ? 'Copied!' : 'Copy Code'}</span>
    </button>
  );
}

function EndpointCard({ endpoint }: { endpoint: Endpoint }) {
  const [lang, setLang] = useState<Lang>('javascript');
  const code = endpoint.samples[lang];
  return (
    <section className={`${cardClass} min-w-0`} aria-label={endpoint.path}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="rounded-md bg-emerald-100 px-2 py-0.5 font-mono text-xs font-bold text-emerald-700">POST</span>
        <code className="font-mono text-sm font-semibold break-all text-slate-900">{endpoint.path}</code>
        <span className="ml-auto rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">{endpoint.plan}</span>
      </div>
      <h2 className="mt-3 font-semibold text-slate-900">{endpoint.title}</h2>
      <p className="mt-1 text-sm leading-6 text-slate-600">{endpoint.description}</p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs text-slate-600">
        <dt className="font-semibold text-slate-700">Request</dt>
        <dd className="font-mono">{endpoint.body}</dd>
        <dt className="font-semibold text-slate-700">Response</dt>
        <dd className="font-mono">{'{ success, content, message }'}</dd>
      </dl>
      <div className="mt-4 overflow-hidden rounded-xl bg-slate-900">
        <div className="flex items-center justify-between gap-2 border-b border-white/10 px-2 py-1.5">
          <div className="flex gap-1" role="group" aria-label="Language">
            {LANGS.map((l) => (
              <button
                key={l.id}
                type="button"
                aria-pressed={lang === l.id}
                onClick={() => setLang(l.id)}
                className={`rounded-md px-2.5 py-1 text-xs font-medium ${lang === l.id ? 'bg-white/15 text-white' : 'text-slate-400 hover:text-slate-200'}`}
              >
                {l.label}
              </button>
            ))}
          </div>
          <CopyCodeButton code={code} />
        </div>
        {/* Focusable: a sample taller or wider than its box scrolls from the keyboard too. */}
        <pre
          tabIndex={0}
          role="region"
          aria-label={`${endpoint.path} in ${LANGS.find((l) => l.id === lang)?.label ?? lang}`}
          className="max-h-80 overflow-auto p-4 text-xs leading-5 text-slate-100 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-indigo-400"
        >
          <code>{code}</code>
        </pre>
      </div>
    </section>
  );
}

export function ApiRoute() {
  return (
    <SitePage>
      <PageIntro
        eyebrow="API"
        title="Atelier REST API"
        intro="Call the same AI tools from your own code. Every request is a POST with a bearer token from your signed-in session."
      />
      <div className="mx-auto mt-8 max-w-3xl rounded-xl border border-indigo-200 bg-indigo-50 px-4 py-3 text-sm text-indigo-900">
        Send <code className="font-mono font-semibold">Authorization: Bearer &lt;token&gt;</code> with every call. Each response is JSON{' '}
        <code className="font-mono">{'{ success, content, message }'}</code>; when success is false, message says why. New here?{' '}
        <Link to="/signup" className="font-semibold underline">
          Create a free account
        </Link>{' '}
        for a token, and{' '}
        <Link to="/resources/documentation" className="font-semibold underline">
          read the documentation
        </Link>
        .
      </div>
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        {ENDPOINTS.map((e) => (
          <EndpointCard key={e.path} endpoint={e} />
        ))}
      </div>
    </SitePage>
  );
}

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
