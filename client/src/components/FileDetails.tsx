import { formatMegabytes } from '../lib/files';

/** The picked file's name and size in MB (product §2), under its preview. */
export function FileDetails({ file }: { file: File }) {
  return (
    <p className="flex min-w-0 items-center justify-between gap-3 text-sm">
      <span className="truncate font-medium text-slate-800" title={file.name}>
        {file.name}
      </span>
      <span className="shrink-0 text-slate-500">{formatMegabytes(file.size)}</span>
    </p>
  );
}
