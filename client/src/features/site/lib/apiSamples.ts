// Copy-able samples for each endpoint of the jobs API, in JavaScript (Node 20+, fetch), Python
// (requests) and curl. They read the server's address and the API key from the environment
// (ATELIER_URL, ATELIER_API_KEY; JOB_ID for a job's routes), so they run as copied:
// tests/browser/api-page.test.ts runs them against a real server. A tool's sample starts the job
// with an Idempotency-Key and follows its Server-Sent Events to the result.
import type { Endpoint, Lang } from './apiReference';
import { batchSampleFor } from './batchSamples';

export type { Lang };

export const LANGS: { id: Lang; label: string; file: string }[] = [
  { id: 'javascript', label: 'JavaScript', file: 'sample.mjs' },
  { id: 'python', label: 'Python', file: 'sample.py' },
  { id: 'curl', label: 'curl', file: 'sample.sh' },
];

/** A sample file for an upload field: what the sample reads from disk (optional files, such as a mask, are left out). */
const fileName = (file: 'image' | 'pdf') => (file === 'pdf' ? 'resume.pdf' : 'photo.png');

/** A JSON value as Python source (True, False, None). */
function python(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (Array.isArray(value)) return `[${value.map(python).join(', ')}]`;
  if (typeof value === 'object')
    return `{${Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${JSON.stringify(k)}: ${python(v)}`)
      .join(', ')}}`;
  return JSON.stringify(value);
}

/** A JSON value as JavaScript source: bare keys, single-quoted strings. */
function js(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(js).join(', ')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : `'${k}'`}: ${js(v)}`);
    return entries.length ? `{ ${entries.join(', ')} }` : '{}';
  }
  return typeof value === 'string' ? `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'` : JSON.stringify(value);
}

/** The text of a multipart field. */
const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/** The path with its job id from the environment, in each language's spelling. */
const jobPath = (path: string, spelling: string) => path.replace('{id}', spelling);

const JS_HEAD = `const base = process.env.ATELIER_URL;
const auth = { Authorization: \`Bearer \${process.env.ATELIER_API_KEY}\` };`;

/** Reads an event stream (fetch's body) and calls onEvent(type, data, id) for each event (hoisted: it ends the sample). */
const JS_EVENTS = `// Reads Server-Sent Events: onEvent(type, data, id) for each event.
async function readEvents(body, onEvent) {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    let end;
    while ((end = buffer.indexOf('\\n\\n')) >= 0) {
      const lines = buffer.slice(0, end).split('\\n');
      buffer = buffer.slice(end + 2);
      const field = (name) => lines.find((l) => l.startsWith(\`\${name}: \`))?.slice(name.length + 2);
      if (field('data')) onEvent(field('event'), JSON.parse(field('data')), field('id')); // comments (keep-alive) have none
    }
  }
}`;

const JS_FOLLOW = `let text = ''; // a text tool's text so far, as it is written
await readEvents(events.body, (type, event) => {
  if (type === 'progress') console.error(\`\${event.phase} \${event.percent}%\`);
  else if (type === 'delta') text = text.slice(0, event.offset) + event.delta;
  else console.log(type, event.creation?.content ?? event.error?.message ?? '');
});`;

function javascript(e: Endpoint): string {
  if (e.tag === 'Tools') {
    const files = e.fields.filter((f) => f.file && f.required);
    const body = e.multipart
      ? `const form = new FormData();
${files.map((f) => `form.append('${f.name}', await openAsBlob('${fileName(f.file!)}'), '${fileName(f.file!)}');`).join('\n')}
${Object.entries(e.example ?? {})
  .map(([k, v]) => `form.append('${k}', '${text(v)}');`)
  .join('\n')}`.trim()
      : '';
    return `${e.multipart ? "import { openAsBlob } from 'node:fs';\n\n" : ''}${JS_HEAD}

${body ? `${body}\n\n` : ''}// Start the job (202). The same Idempotency-Key again answers with the same job.
const res = await fetch(\`\${base}${e.path}\`, {
  method: 'POST',
  headers: { ...auth, ${e.multipart ? '' : "'Content-Type': 'application/json', "}'Idempotency-Key': crypto.randomUUID() },
  body: ${e.multipart ? 'form' : `JSON.stringify(${js(e.example ?? {})})`},
});
const job = await res.json();
if (res.status !== 202) throw new Error(\`\${job.code}: \${job.detail}\`);

// Follow its events (Server-Sent Events) until it ends.
const events = await fetch(base + job.links.events, { headers: auth });
${JS_FOLLOW}

${JS_EVENTS}`;
  }
  if (e.id === 'jobEvents') {
    return `${JS_HEAD}

// Resume after the last event you had: send its id as Last-Event-ID.
const resume = process.env.LAST_EVENT_ID ? { 'Last-Event-ID': process.env.LAST_EVENT_ID } : {};
const events = await fetch(\`\${base}${jobPath(e.path, '${process.env.JOB_ID}')}\`, { headers: { ...auth, ...resume } });
if (events.status === 204) process.exit(0); // the job's last event was already had
await readEvents(events.body, (type, event, id) => console.log(id, type, JSON.stringify(event)));

${JS_EVENTS}`;
  }
  const query = e.id === 'listCreations' ? '?first=10' : '';
  return `${JS_HEAD}

const res = await fetch(\`\${base}${jobPath(e.path, '${process.env.JOB_ID}')}${query}\`, {${e.method === 'POST' ? " method: 'POST'," : ''} headers: auth });
const answer = await res.json();
if (!res.ok) throw new Error(\`\${answer.code}: \${answer.detail}\`);
console.log(answer);`;
}

const PY_HEAD = `import json, os, sys, uuid
import requests

base = os.environ["ATELIER_URL"]
auth = {"Authorization": f"Bearer {os.environ['ATELIER_API_KEY']}"}`;

/** The lines of an event stream, one event's fields after another; `handle` is the body of what is done with one (kind, event, event_id). */
const pyEvents = (response: string, handle: string) => `    kind = event_id = None
    for line in ${response}.iter_lines(decode_unicode=True):
        if line.startswith("event: "):
            kind = line[7:]
        elif line.startswith("id: "):
            event_id = line[4:]
        elif line.startswith("data: "):
            event = json.loads(line[6:])
${handle}`;

function pythonSample(e: Endpoint): string {
  if (e.tag === 'Tools') {
    const files = e.fields.filter((f) => f.file && f.required);
    const args = e.multipart
      ? `    files={${files.map((f) => `"${f.name}": open("${fileName(f.file!)}", "rb")`).join(', ')}},${
          Object.keys(e.example ?? {}).length
            ? `\n    data={${Object.entries(e.example ?? {})
                .map(([k, v]) => `"${k}": ${JSON.stringify(text(v))}`)
                .join(', ')}},`
            : ''
        }`
      : `    json=${python(e.example ?? {})},`;
    return `${PY_HEAD}

# Start the job (202). The same Idempotency-Key again answers with the same job.
res = requests.post(
    f"{base}${e.path}",
    headers={**auth, "Idempotency-Key": str(uuid.uuid4())},
${args}
)
job = res.json()
if res.status_code != 202:
    sys.exit(f"{job['code']}: {job['detail']}")

# Follow its events (Server-Sent Events) until it ends.
text = ""
with requests.get(base + job["links"]["events"], headers=auth, stream=True) as events:
${pyEvents(
  'events',
  `            if kind == "progress":
                print(event["phase"], f"{event['percent']}%", file=sys.stderr)
            elif kind == "delta":
                text = text[: event["offset"]] + event["delta"]
            else:
                print(kind, (event.get("creation") or {}).get("content") or (event.get("error") or {}).get("message"))`,
)}`;
  }
  if (e.id === 'jobEvents') {
    return `${PY_HEAD}

# Resume after the last event you had: send its id as Last-Event-ID.
headers = {**auth, "Last-Event-ID": os.environ.get("LAST_EVENT_ID", "")}
with requests.get(f"{base}${jobPath(e.path, "{os.environ['JOB_ID']}")}", headers=headers, stream=True) as events:
${pyEvents('events', '            print(event_id, kind, json.dumps(event))')}`;
  }
  const params = e.id === 'listCreations' ? ', params={"first": 10}' : '';
  return `${PY_HEAD}

res = requests.${e.method.toLowerCase()}(f"{base}${jobPath(e.path, "{os.environ['JOB_ID']}")}", headers=auth${params})
answer = res.json()
if not res.ok:
    sys.exit(f"{answer['code']}: {answer['detail']}")
print(json.dumps(answer, indent=2))`;
}

function curl(e: Endpoint): string {
  const auth = '-H "Authorization: Bearer $ATELIER_API_KEY"';
  if (e.tag === 'Tools') {
    const body = e.multipart
      ? [
          ...e.fields.filter((f) => f.file && f.required).map((f) => `-F "${f.name}=@${fileName(f.file!)}"`),
          ...Object.entries(e.example ?? {}).map(([k, v]) => `-F "${k}=${text(v)}"`),
        ]
      : ['-H "Content-Type: application/json"', `-d '${JSON.stringify(e.example ?? {})}'`];
    const name = e.path.split('/').pop();
    return `# Start the job (202): the answer is the job as JSON, its id first.
# The same Idempotency-Key again answers with the same job.
JOB_ID=$(curl -sS "$ATELIER_URL${e.path}" \\
  ${auth} \\
  -H "Idempotency-Key: ${name}-$(date +%s)" \\
  ${body.join(' \\\n  ')} | sed -E 's/^\\{"id":"([^"]+)".*/\\1/')

# Follow its events (Server-Sent Events) until it ends.
curl -sS -N "$ATELIER_URL/api/v1/jobs/$JOB_ID/events" ${auth}`;
  }
  if (e.id === 'jobEvents') {
    return `# Add -H "Last-Event-ID: <id>" to resume after the last event you had.
curl -sS -N "$ATELIER_URL${jobPath(e.path, '$JOB_ID')}" ${auth}`;
  }
  const query = e.id === 'listCreations' ? '?first=10' : '';
  return `curl -sS${e.method === 'POST' ? ' -X POST' : ''} "$ATELIER_URL${jobPath(e.path, '$JOB_ID')}${query}" ${auth}`;
}

export function sampleFor(endpoint: Endpoint, lang: Lang): string {
  if (endpoint.tag === 'Batches') return batchSampleFor(endpoint, lang);
  return lang === 'javascript' ? javascript(endpoint) : lang === 'python' ? pythonSample(endpoint) : curl(endpoint);
}
