import { Modal } from './Modal';

/** An animated illustration of the studio at work (stands in for a demo video). */
function DemoIllustration() {
  return (
    <div
      className="relative mt-5 aspect-video overflow-hidden rounded-xl bg-gradient-to-br from-slate-900 via-indigo-950 to-fuchsia-950 p-4 sm:p-6"
      role="img"
      aria-label="Illustration: a prompt becomes an article and an image"
    >
      <div className="absolute -top-16 -left-10 size-56 rounded-full bg-indigo-500/30 blur-3xl" />
      <div className="absolute -right-10 -bottom-16 size-56 rounded-full bg-fuchsia-500/30 blur-3xl" />
      <div className="relative flex h-full gap-3 sm:gap-5">
        <div className="flex flex-1 flex-col gap-2 rounded-lg border border-white/10 bg-white/5 p-3 sm:p-4">
          <div className="flex gap-1.5">
            <span className="size-2 rounded-full bg-rose-400" />
            <span className="size-2 rounded-full bg-amber-400" />
            <span className="size-2 rounded-full bg-emerald-400" />
          </div>
          <div className="mt-1 rounded-md bg-white/10 px-2 py-1.5 text-[10px] text-indigo-100 sm:text-xs">“Write about the future of design”</div>
          {[92, 80, 96, 70, 86, 60].map((w, i) => (
            <div
              key={i}
              className="h-1.5 origin-left rounded-full bg-gradient-to-r from-indigo-300/80 to-fuchsia-300/60 motion-safe:animate-[atelier-type_2.4s_ease-out_infinite_alternate] sm:h-2"
              style={{ width: `${w}%`, animationDelay: `${i * 0.25}s` }}
            />
          ))}
        </div>
        <div className="relative flex flex-1 items-center justify-center overflow-hidden rounded-lg border border-white/10 bg-gradient-to-br from-sky-400/40 via-violet-500/40 to-pink-500/40">
          <svg viewBox="0 0 120 90" className="w-3/4 motion-safe:animate-[atelier-float_4s_ease-in-out_infinite]" aria-hidden>
            <circle cx="88" cy="24" r="11" fill="#fde68a" />
            <path d="M4 82 38 40l22 26 16-16 40 32z" fill="#a5b4fc" opacity=".9" />
            <path d="M4 82 30 56l20 26z" fill="#c4b5fd" />
          </svg>
          <div className="absolute inset-x-0 top-0 h-10 bg-gradient-to-b from-white/40 to-transparent motion-safe:animate-[atelier-scan_2.6s_ease-in-out_infinite_alternate]" />
        </div>
      </div>
    </div>
  );
}

export function DemoModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} title="Platform Demo" onClose={onClose} size="lg">
      <p className="mt-2 text-slate-600">See how one prompt turns into articles, titles and images in seconds.</p>
      <DemoIllustration />
    </Modal>
  );
}
