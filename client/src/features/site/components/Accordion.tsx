import { ChevronDown } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';

export interface AccordionItem {
  title: string;
  content: ReactNode;
}

/** One item open at a time; clicking the open item closes it. `level`: the item headings' rank, one below the heading above. */
export function Accordion({ items, initialOpen = null, level = 3 }: { items: AccordionItem[]; initialOpen?: number | null; level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const [open, setOpen] = useState<number | null>(initialOpen);
  const baseId = useId();
  return (
    <div className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      {items.map((item, i) => {
        const isOpen = open === i;
        const buttonId = `${baseId}-b${i}`;
        const panelId = `${baseId}-p${i}`;
        return (
          <div key={item.title}>
            <Heading>
              <button
                type="button"
                id={buttonId}
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => setOpen(isOpen ? null : i)}
                className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-sm font-semibold text-slate-900 hover:bg-slate-50 sm:text-base"
              >
                {item.title}
                <ChevronDown aria-hidden className={`size-5 shrink-0 text-slate-400 transition-transform ${isOpen ? 'rotate-180' : ''}`} />
              </button>
            </Heading>
            <div id={panelId} role="region" aria-labelledby={buttonId} hidden={!isOpen} className="px-5 pb-5 text-sm leading-6 text-slate-600">
              {item.content}
            </div>
          </div>
        );
      })}
    </div>
  );
}
