// What the community page shows before anything is published: an invitation to generate an image.
import { ImagePlus } from 'lucide-react';
import { Link } from 'react-router-dom';

/** "No Creations Yet", with a link to the image generator. */
export function CommunityEmpty() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
      <ImagePlus aria-hidden className="size-10 text-slate-400" />
      <h2 className="text-lg font-semibold text-slate-800">No Creations Yet</h2>
      <p className="max-w-sm text-sm text-slate-500">Published images show up here the moment they are shared. Be the first to publish one.</p>
      <Link
        to="/ai/generate-images"
        className="inline-flex items-center gap-1.5 rounded-lg bg-indigo-600 px-4 py-2 text-sm font-medium text-white shadow-sm hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        Generate an image
      </Link>
    </div>
  );
}
