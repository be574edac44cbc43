import { ChevronDown, Send } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useInRouterContext, useNavigate } from 'react-router-dom';
import type { CreationType } from '../../../gql/graphql';
import { sentState } from '../lib/sent';
import { sendTargets } from '../lib/targets';

interface Props {
  /** One of the user's own image creations. */
  creation: { id: string; type: CreationType; content: string; prompt: string };
  /** The trigger's look: on a white card (default) or on the dark viewer. */
  tone?: 'light' | 'dark';
  /** Said to screen readers after "Send to…" when a page has several, e.g. "picture 2 of 3". */
  which?: string;
}

const trigger = {
  light:
    'inline-flex items-center justify-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 shadow-xs hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
  dark: 'inline-flex h-10 shrink-0 items-center gap-2 rounded-full border border-white/20 bg-white/5 px-3 text-sm font-medium text-slate-100 transition-colors hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white sm:px-4',
};

/** Outside a router (a result panel rendered on its own) there is nowhere to send a picture to. */
export function SendToMenu(props: Props) {
  return useInRouterContext() ? <Menu {...props} /> : null;
}

/**
 * "Send to…": a menu of the other image tools (the catalogue's, lib/targets.ts); choosing one
 * opens its page with this picture as its input, nothing downloaded or uploaded again (lib/sent.ts).
 */
function Menu({ creation, tone = 'light', which }: Props) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const targets = sendTargets(creation.type);

  useEffect(() => {
    if (!open) return;
    rootRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const away = (e: PointerEvent) => !rootRef.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);

  if (targets.length === 0) return null;

  function keys(e: KeyboardEvent<HTMLUListElement>) {
    const items = [...(e.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const to = e.key === 'ArrowDown' ? at + 1 : e.key === 'ArrowUp' ? at - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? items.length - 1 : null;
    if (to !== null) {
      e.preventDefault();
      items[(to + items.length) % items.length]?.focus();
    } else if (e.key === 'Escape' || e.key === 'Tab') {
      if (e.key === 'Escape') e.preventDefault();
      setOpen(false);
      if (e.key === 'Escape') buttonRef.current?.focus();
    }
  }

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        className={trigger[tone]}
      >
        <Send aria-hidden className="size-4" />
        <span className={tone === 'dark' ? 'max-sm:sr-only' : undefined}>Send to…</span>
        {which && <span className="sr-only"> {which}</span>}
        <ChevronDown aria-hidden className="size-4" />
      </button>
      {open && (
        <ul
          id={menuId}
          role="menu"
          aria-label="Send this picture to"
          onKeyDown={keys}
          className="absolute right-0 z-50 mt-1 min-w-52 rounded-lg border border-slate-200 bg-white p-1 text-slate-700 shadow-lg"
        >
          {targets.map(({ slot, path, nav: { label, icon: Icon } }) => (
            <li key={slot} role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => void navigate(path, { state: sentState({ id: creation.id, url: creation.content, name: creation.prompt }) })}
                className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm hover:bg-indigo-50 focus-visible:bg-indigo-50 focus-visible:outline-none"
              >
                <Icon aria-hidden className="size-4 text-indigo-600" />
                {label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
