import { useCallback, useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import { toAppError } from '../../lib/graphqlError';
import { isJobBusy, jobStore, type JobSnapshot, type StartContext, type StartedJob } from './jobStore';

export interface UseJob {
  job: JobSnapshot;
  /** True from submit until the job ends: disables the form. */
  busy: boolean;
  /**
   * Starts the tool's mutation and follows the job; resolves with how it ended. A tool
   * sending files passes `context` as its mutation's context: its upload then shows its
   * progress and can be cancelled.
   */
  run: (start: (context: StartContext) => Promise<StartedJob>, params?: Record<string, string>) => Promise<JobSnapshot>;
  /** Stops the job (or its upload); a refusal (e.g. the job already ended elsewhere) is shown as a toast. */
  cancel: () => Promise<void>;
  reset: () => void;
}

/**
 * One tool's current job: phases, percent and streamed text, live. `slot` names the tool
 * (e.g. 'article'); the job survives navigation, so coming back shows where it got to.
 */
export function useJob(slot: string): UseJob {
  const job = useSyncExternalStore(jobStore.subscribe, () => jobStore.get(slot));
  const run = useCallback(
    (start: (context: StartContext) => Promise<StartedJob>, params?: Record<string, string>) => jobStore.run(slot, start, params ?? null),
    [slot],
  );
  const cancel = useCallback(async () => {
    try {
      await jobStore.cancel(slot);
    } catch (err) {
      toast.error(toAppError(err).message);
    }
  }, [slot]);
  const reset = useCallback(() => void jobStore.reset(slot), [slot]);
  return { job, busy: isJobBusy(job), run, cancel, reset };
}
