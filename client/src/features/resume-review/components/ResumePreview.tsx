import { ExternalLink, FileText } from 'lucide-react';
import { formatMegabytes } from '../lib/pdf';
import { useObjectUrl } from '../../../lib/useObjectUrl';

/** The chosen file: its name, size in MB and a link opening the original in a new tab. */
export function ResumePreview({ file }: { file: File }) {
  const url = useObjectUrl(file);
  return (
    <div className="flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-xs">
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-red-50 text-red-600">
        <FileText aria-hidden className="size-5" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="truncate text-sm font-medium text-slate-900" title={file.name}>
          {file.name}
        </p>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
          <span>{formatMegabytes(file.size)}</span>
          {url && (
            <a
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 rounded font-medium text-indigo-600 underline-offset-2 hover:text-indigo-500 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            >
              View Original PDF
              <ExternalLink aria-hidden className="size-3.5" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          )}
        </div>
      </div>
    </div>
  );
}
