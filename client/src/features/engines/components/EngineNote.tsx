import { Cpu, PlugZap } from 'lucide-react';
import { useSiteLinks } from '../../../lib/siteLinks';
import { useEngine, type Engine, type EngineKind } from '../useEngines';

/** What a deployment can connect for each kind of output (docs/engines.md). */
const CONNECT: Record<EngineKind, { what: string; options: string; variables: string }> = {
  image: {
    what: 'No image model connected: pictures are placeholder drawings.',
    options: 'ComfyUI, AUTOMATIC1111/Forge or an OpenAI-compatible server',
    variables: 'COMFYUI_URL, SD_WEBUI_URL, or IMAGE_BASE_URL',
  },
  text: {
    what: 'No text model connected: text comes from a template.',
    options: 'Ollama or an OpenAI-compatible server (LocalAI, vLLM…)',
    variables: 'OLLAMA_URL, or OPENAI_BASE_URL',
  },
};

const BY: Record<EngineKind, string> = { image: 'Images by', text: 'Text by' };

/** Where the engines are explained: the repository's docs/engines.md when the deployment names its repository. */
export function engineDocsUrl(repositoryUrl: string | null): string | null {
  return repositoryUrl ? `${repositoryUrl.replace(/\/+$/, '')}/blob/HEAD/docs/engines.md#connect-your-own-engine` : null;
}

/**
 * One line under a tool's form saying which engine does the work ("Images by ComfyUI ·
 * sd_xl_base_1.0"), or, for the embedded stand-in, that no model is connected and how to
 * connect one. Nothing while the answer is unknown.
 */
export function EngineNote({ kind, engine }: { kind: EngineKind; engine: Engine | null }) {
  if (!engine) return null;
  if (!engine.placeholder) {
    return (
      <p className="flex items-center gap-1.5 text-xs text-slate-500" data-engine={engine.name}>
        <Cpu aria-hidden className="size-3.5 shrink-0" />
        <span>
          {BY[kind]} <span className="font-medium text-slate-700">{engine.label}</span>
        </span>
      </p>
    );
  }
  return <ConnectNote kind={kind} name={engine.name} />;
}

/** No model connected: what the output is, and how to connect one (the docs, where the deployment names its repository). */
function ConnectNote({ kind, name }: { kind: EngineKind; name: string }) {
  const docs = engineDocsUrl(useSiteLinks().repositoryUrl);
  const connect = CONNECT[kind];
  return (
    <div role="note" className="flex gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-xs text-amber-900" data-engine={name}>
      <PlugZap aria-hidden className="mt-0.5 size-3.5 shrink-0" />
      <p>
        <span className="font-medium">{connect.what}</span> Connect {connect.options}
        {docs ? (
          <>
            {' '}
            (
            <a href={docs} target="_blank" rel="noopener noreferrer" className="font-medium underline underline-offset-2 hover:text-amber-950">
              how to connect an engine
            </a>
            ).
          </>
        ) : (
          <> on the server ({connect.variables}; see docs/engines.md).</>
        )}
      </p>
    </div>
  );
}

/** The note for a page that asks for the engine itself. */
export function ToolEngineNote({ kind }: { kind: EngineKind }) {
  return <EngineNote kind={kind} engine={useEngine(kind).engine} />;
}
