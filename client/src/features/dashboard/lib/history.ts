// The dashboard's history (docs/batches.md, "On the dashboard"): the user's creations and batches,
// newest first, a batch one item in place of its pictures' creations.
import type { BatchFieldsFragment } from '../../../gql/graphql';

export type HistoryItem<C> = { kind: 'creation'; creation: C; at: string } | { kind: 'batch'; batch: BatchFieldsFragment; at: string };

/**
 * Creations and batches by date, newest first. A batch's pictures are creations too: they are
 * left out, the batch stands for them. While older creations remain unloaded (`complete`
 * false), a batch older than the oldest loaded creation waits for its page, so the order holds
 * as "Show more" loads.
 */
export function historyItems<C extends { id: string; createdAt: string }>(creations: readonly C[], batches: readonly BatchFieldsFragment[], complete: boolean): HistoryItem<C>[] {
  const inBatches = new Set(batches.flatMap((b) => b.pictures.flatMap((p) => (p.creation ? [p.creation.id] : []))));
  const oldest = creations.at(-1)?.createdAt;
  const shownBatches = complete || !oldest ? batches : batches.filter((b) => Date.parse(b.createdAt) >= Date.parse(oldest));
  const items: HistoryItem<C>[] = [
    ...creations.filter((c) => !inBatches.has(c.id)).map((creation) => ({ kind: 'creation' as const, creation, at: creation.createdAt })),
    ...shownBatches.map((batch) => ({ kind: 'batch' as const, batch, at: batch.createdAt })),
  ];
  // A stable sort: equal dates keep creations' own order.
  return items.sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
}
