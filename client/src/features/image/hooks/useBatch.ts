import { useEffect, useState } from 'react';
import { fetchBatch, type Picture } from '../lib/batch';

/**
 * Every picture of a finished request: its creation first, then the others it made when it
 * asked for several (`count` > 1). One picture asks the server for nothing more.
 */
export function usePictures(creation: Picture | null, count: number): Picture[] {
  const [others, setOthers] = useState<{ of: string; pictures: Picture[] } | null>(null);
  const id = creation?.id ?? null;
  useEffect(() => {
    if (!id || count <= 1) return;
    let live = true;
    void fetchBatch(id).then((pictures) => {
      if (live) setOthers({ of: id, pictures });
    });
    return () => {
      live = false;
    };
  }, [id, count]);
  if (!creation) return [];
  const rest = others?.of === creation.id ? others.pictures.filter((p) => p.id !== creation.id) : [];
  return [creation, ...rest];
}
