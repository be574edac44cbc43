// Several pictures picked on a tool's page run as a batch of that tool (docs/batches.md, "From a
// tool's page"): the page's options are the batch's one step. The files and the batch started
// outlive the page, as a tool's job does (lib/rememberedState).
import { useApolloClient, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import type { BatchFieldsFragment } from '../../../gql/graphql';
import { BATCHES_PAGE_SIZE } from '../../../lib/constants';
import { useRememberedState } from '../../../lib/rememberedState';
import { MyBatchesQuery } from '../api/operations';
import { startBatch } from '../api/rest';
import { batchFilesProblem } from '../lib/toolBatch';
import type { Step } from '../lib/recipes';

export interface ToolBatch {
  /** The pictures (or one zip) picked for a batch; empty when the page runs one picture. */
  files: File[];
  /** Takes several files (or a zip): returns why not, or null once they are the page's input. */
  pick: (files: File[]) => string | null;
  /** Back to one picture: the files and the batch shown are forgotten (the batch goes on). */
  clear: () => void;
  /** The batch started from this page, as last read (BatchProgress follows it live). */
  batch: BatchFieldsFragment | null;
  starting: boolean;
  /** Starts the batch of the files with `step`; throws with the server's reason when refused. */
  start: (step: Step) => Promise<void>;
}

/** `slot`: the tool's kind (the remembered state's key). */
export function useToolBatch(slot: string): ToolBatch {
  const client = useApolloClient();
  const [files, setFiles] = useRememberedState<File[]>(`${slot}:batch-files`, []);
  const [batchId, setBatchId] = useRememberedState<string | null>(`${slot}:batch`, null);
  const [starting, setStarting] = useState(false);
  // The batch list the batch page and the dashboard read: a batch's live states land in the same cache entries.
  const { data } = useQuery(MyBatchesQuery, { variables: { first: BATCHES_PAGE_SIZE }, skip: !batchId });
  const batch = data?.myBatches.find((b) => b.id === batchId) ?? null;

  return {
    files,
    batch,
    starting,
    pick(next) {
      const problem = batchFilesProblem(next);
      if (problem) return problem;
      setFiles(next);
      setBatchId(null);
      return null;
    },
    clear() {
      setFiles([]);
      setBatchId(null);
    },
    async start(step) {
      setStarting(true);
      try {
        const { id } = await startBatch(files, [step]);
        await client.query({ query: MyBatchesQuery, variables: { first: BATCHES_PAGE_SIZE }, fetchPolicy: 'network-only' });
        setBatchId(id);
      } finally {
        setStarting(false);
      }
    },
  };
}

/** The user's newest batches (fetched again whenever a page showing them opens); null while loading. */
export function useMyBatches(): BatchFieldsFragment[] | null {
  const { data, error } = useQuery(MyBatchesQuery, { variables: { first: BATCHES_PAGE_SIZE }, fetchPolicy: 'cache-and-network' });
  return data?.myBatches ?? (error ? [] : null);
}
