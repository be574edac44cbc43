// Copy-able samples for the batch routes of the jobs API (docs/batches.md, "Over the jobs API"):
// a batch of two photos through two steps, then its routes with BATCH_ID from the environment.
// Like the tools' samples (apiSamples.ts), they run as copied: tests/browser/api-page.test.ts
// runs the curl one against a real server.
import type { Endpoint, Lang } from './apiReference';

/** What the samples send: two photos, their background removed, then made 2× larger. */
const STEPS = '[{"tool":"background-removal"},{"tool":"upscale-image","options":{"scale":2}}]';

const batchPath = (path: string, spelling: string) => path.replace('{id}', spelling);

function curl(e: Endpoint): string {
  const auth = '-H "Authorization: Bearer $ATELIER_API_KEY"';
  if (e.id === 'createBatch') {
    return `# Start the batch (202): the answer is the batch as JSON, its id first.
BATCH_ID=$(curl -sS "$ATELIER_URL${e.path}" \\
  ${auth} \\
  -F "images=@photo.png" -F "images=@photo.png" \\
  -F 'steps=${STEPS}' | sed -E 's/^\\{"id":"([^"]+)".*/\\1/')

# Follow it until every picture has ended (event: completed, or cancelled).
curl -sS -N "$ATELIER_URL/api/v1/batches/$BATCH_ID/events" ${auth}`;
  }
  const path = batchPath(e.path, '$BATCH_ID');
  if (e.id === 'getBatchZip') return `curl -sS -o batch.zip "$ATELIER_URL${path}" ${auth}`;
  return `curl -sS${e.id === 'batchEvents' ? ' -N' : ''}${e.method === 'POST' ? ' -X POST' : ''} "$ATELIER_URL${path}" ${auth}`;
}

function javascript(e: Endpoint): string {
  const head = `const base = process.env.ATELIER_URL;
const auth = { Authorization: \`Bearer \${process.env.ATELIER_API_KEY}\` };
`;
  if (e.id === 'createBatch') {
    return `import { readFile } from 'node:fs/promises';
${head}
const form = new FormData();
for (const name of ['photo.png', 'photo.png']) form.append('images', new Blob([await readFile(name)]), name);
form.append('steps', '${STEPS}');
const res = await fetch(\`\${base}${e.path}\`, { method: 'POST', headers: auth, body: form });
const batch = await res.json();
if (!res.ok) throw new Error(\`\${batch.code}: \${batch.detail}\`);
console.log(batch.id, batch.status, batch.counts);`;
  }
  const path = batchPath(e.path, '${process.env.BATCH_ID}');
  if (e.id === 'getBatchZip') {
    return `import { writeFile } from 'node:fs/promises';
${head}
const res = await fetch(\`\${base}${path}\`, { headers: auth });
if (!res.ok) throw new Error(\`\${res.status}: \${await res.text()}\`);
await writeFile('batch.zip', Buffer.from(await res.arrayBuffer()));`;
  }
  if (e.id === 'batchEvents') {
    return `${head}
const res = await fetch(\`\${base}${path}\`, { headers: auth });
if (!res.ok) throw new Error(\`\${res.status}: \${await res.text()}\`);
// Server-Sent Events, printed as they come: progress, then completed (or cancelled).
for await (const chunk of res.body) process.stdout.write(chunk);`;
  }
  return `${head}
const res = await fetch(\`\${base}${path}\`, { ${e.method === 'POST' ? "method: 'POST', " : ''}headers: auth });
const answer = await res.json();
if (!res.ok) throw new Error(\`\${answer.code}: \${answer.detail}\`);
console.log(answer);`;
}

function python(e: Endpoint): string {
  const head = `import json, os, sys
import requests

base = os.environ["ATELIER_URL"]
auth = {"Authorization": f"Bearer {os.environ['ATELIER_API_KEY']}"}
`;
  if (e.id === 'createBatch') {
    return `${head}
files = [("images", ("photo.png", open("photo.png", "rb"))), ("images", ("photo.png", open("photo.png", "rb")))]
res = requests.post(f"{base}${e.path}", headers=auth, files=files, data={"steps": '${STEPS}'})
batch = res.json()
if not res.ok:
    sys.exit(f"{batch['code']}: {batch['detail']}")
print(batch["id"], batch["status"], batch["counts"])`;
  }
  const path = batchPath(e.path, "{os.environ['BATCH_ID']}");
  if (e.id === 'getBatchZip') {
    return `${head}
res = requests.get(f"{base}${path}", headers=auth)
res.raise_for_status()
open("batch.zip", "wb").write(res.content)`;
  }
  if (e.id === 'batchEvents') {
    return `${head}
with requests.get(f"{base}${path}", headers=auth, stream=True) as res:
    res.raise_for_status()
    for line in res.iter_lines(decode_unicode=True):
        print(line)`;
  }
  return `${head}
res = requests.${e.method === 'POST' ? 'post' : 'get'}(f"{base}${path}", headers=auth)
answer = res.json()
if not res.ok:
    sys.exit(f"{answer['code']}: {answer['detail']}")
print(json.dumps(answer, indent=2))`;
}

export function batchSampleFor(e: Endpoint, lang: Lang): string {
  return lang === 'javascript' ? javascript(e) : lang === 'python' ? python(e) : curl(e);
}
