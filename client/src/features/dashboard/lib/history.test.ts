import { describe, expect, it } from 'vitest';
import type { BatchFieldsFragment } from '../../../gql/graphql';
import { historyItems } from './history';

const creation = (id: string, createdAt: string) => ({ id, createdAt });
const batch = (id: string, createdAt: string, creationIds: string[]): BatchFieldsFragment => ({
  id,
  kind: 'background-removal',
  status: 'COMPLETED',
  runs: creationIds.length,
  zipUrl: `/api/v1/batches/${id}/zip`,
  createdAt,
  steps: [{ tool: 'background-removal', options: '{}' }],
  counts: { total: creationIds.length, queued: 0, running: 0, completed: creationIds.length, failed: 0, cancelled: 0 },
  pictures: creationIds.map((c, index) => ({
    index,
    jobId: `j${index}`,
    filename: null,
    phase: 'COMPLETED',
    percent: 100,
    step: null,
    message: null,
    error: null,
    creation: { id: c, content: '' },
  })),
});
const ids = (items: ReturnType<typeof historyItems>) => items.map((i) => (i.kind === 'batch' ? `batch:${i.batch.id}` : i.creation.id));

describe('historyItems (docs/batches.md, "On the dashboard")', () => {
  it('puts each batch once in place of its pictures, by date among the creations', () => {
    const creations = [
      creation('c4', '2024-05-04T00:00:00Z'),
      creation('p1', '2024-05-03T00:02:00Z'),
      creation('p2', '2024-05-03T00:01:00Z'),
      creation('c1', '2024-05-01T00:00:00Z'),
    ];
    expect(ids(historyItems(creations, [batch('b', '2024-05-03T00:00:00Z', ['p1', 'p2'])], true))).toEqual(['c4', 'batch:b', 'c1']);
  });

  it('keeps a batch older than every loaded creation for a later page while more remain', () => {
    const creations = [creation('c2', '2024-05-02T00:00:00Z')];
    const old = batch('old', '2024-04-01T00:00:00Z', []);
    expect(ids(historyItems(creations, [old], false))).toEqual(['c2']);
    expect(ids(historyItems(creations, [old], true))).toEqual(['c2', 'batch:old']);
  });
});
