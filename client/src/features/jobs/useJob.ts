import { useMutation } from '@apollo/client/react';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { useCallback, useMemo, useRef, useSyncExternalStore, type RefObject } from 'react';
import { toast } from 'sonner';
import { toAppError, type AppErrorInfo } from '../../lib/graphqlError';
import { revealResult } from '../../lib/revealResult';
import { isUpgradeCode } from '../billing';
import { isJobBusy, jobStore, type JobSnapshot, type RunOptions, type StartContext, type StartedJob } from './jobStore';

export interface UseJob {
  job: JobSnapshot;
  /** True from submit until the job ends: disables the form. */
  busy: boolean;
  /**
   * Starts the tool's mutation and follows the job; resolves with how it ended. A tool
   * sending files passes `context` as its mutation's context: its upload then shows its
   * progress and can be cancelled.
   */
  run: (start: (context: StartContext, jobId: string | null) => Promise<StartedJob>, params?: Record<string, string>, options?: RunOptions) => Promise<JobSnapshot>;
  /** Stops the job (or its upload); a refusal (e.g. the job already ended elsewhere) is shown as a toast. */
  cancel: () => Promise<void>;
  reset: () => void;
}

/**
 * One toast per tool: a tool's new message replaces its last one, so an old error never sits
 * beside a new success, and a new attempt starts with none.
 */
export function toolToast(slot: string) {
  const id = `tool:${slot}`;
  return {
    error: (message: string) => void toast.error(message, { id }),
    success: (message: string) => void toast.success(message, { id }),
    warning: (message: string) => void toast.warning(message, { id }),
    dismiss: () => void toast.dismiss(id),
  };
}

/**
 * One tool's current job: phases, percent and streamed text, live. `slot` names the tool
 * (e.g. 'article'); the job survives navigation, so coming back shows where it got to.
 */
export function useJob(slot: string): UseJob {
  const job = useSyncExternalStore(jobStore.subscribe, () => jobStore.get(slot));
  const run = useCallback(
    (start: (context: StartContext, jobId: string | null) => Promise<StartedJob>, params?: Record<string, string>, options?: RunOptions) =>
      jobStore.run(slot, start, params ?? null, options),
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

/** The fields of a mutation's answer that hold the job it started. */
type JobField<TData> = { [K in keyof TData]: TData[K] extends StartedJob ? K : never }[keyof TData];

export interface ToolRunOptions {
  /**
   * The mutation sends files: it goes with the job's context, so its upload shows its
   * progress and Cancel can stop it (text tools leave it off: their requests stay plain fetches).
   * Without uploads, the page follows the job from before it starts: the mutation must take
   * the job's id (`$jobId: ID`, passed to the tool's `jobId` argument).
   */
  uploads?: boolean;
  /** Toasted when the job completes. */
  success?: string;
  /** Toasted instead (a warning) when what it made is a placeholder: no engine made it (docs/engines.md, "Placeholder pictures"). */
  placeholder?: string;
  /**
   * The words for a failure, instead of the server's; `thrown` is what the mutation threw
   * when the job never started (undefined when it failed later).
   */
  failureMessage?: (error: AppErrorInfo, thrown: unknown) => string;
}

export interface ToolOutcome {
  job: JobSnapshot;
  /** The failure toasted (upgrade prompts are not: they show in the result panel), else null. */
  failure: string | null;
}

export interface UseToolRun<TVariables> extends UseJob {
  /** The page's result panel: shown on narrow screens when a job starts. */
  resultRef: RefObject<HTMLDivElement | null>;
  /** Sends the tool's mutation and follows its job; `params` are what the page shows of the request when it comes back. */
  start: (variables: TVariables, params?: Record<string, string>) => Promise<ToolOutcome>;
  /** The tool's one toast (see toolToast): the page's own messages go through it too. */
  notify: ReturnType<typeof toolToast>;
}

/**
 * What every tool page does with its job: sends its mutation (the job in `field` of the
 * answer), follows the job in `slot`, brings the result panel into view, and toasts a
 * failure with the server's words unless it is an upgrade code (the panel offers the upgrade).
 */
export function useToolRun<TData, TVariables extends Record<string, unknown>>(
  slot: string,
  mutation: TypedDocumentNode<TData, TVariables>,
  field: JobField<TData>,
  options: ToolRunOptions = {},
): UseToolRun<TVariables> {
  const job = useJob(slot);
  const [mutate] = useMutation(mutation);
  const resultRef = useRef<HTMLDivElement>(null);
  const notify = useMemo(() => toolToast(slot), [slot]);
  const { run } = job;
  const { uploads = false, success, placeholder, failureMessage } = options;

  const start = useCallback(
    async (variables: TVariables, params?: Record<string, string>): Promise<ToolOutcome> => {
      notify.dismiss();
      revealResult(resultRef.current);
      let thrown: unknown;
      // Without uploads the page follows the job from before it starts (its mutation takes the job's id), so no streamed text is missed.
      const outcome = await run(
        async (context, jobId) => {
          try {
            // Apollo types a generic mutation's arguments as an unresolved conditional; these are its options.
            const args = [{ variables: jobId ? { ...variables, jobId } : variables, ...(uploads ? { context } : {}) }] as Parameters<typeof mutate>;
            const { data } = await mutate(...args);
            if (!data) throw new Error('The server did not start the job. Please try again.');
            return data[field] as StartedJob;
          } catch (err) {
            thrown = err;
            throw err;
          }
        },
        params,
        { followFirst: !uploads },
      );
      // A result that passed its checks but carries a note is not a plain success: the toast says to look.
      if (outcome.status === 'completed' && success) {
        if (outcome.creation?.note) notify.warning('Done, with a note: look closely at the result.');
        else if (outcome.creation?.placeholder && placeholder) notify.warning(placeholder);
        else notify.success(success);
      }
      if (outcome.status !== 'failed' || !outcome.error || isUpgradeCode(outcome.error.code)) return { job: outcome, failure: null };
      const failure = failureMessage ? failureMessage(outcome.error, thrown) : outcome.error.message;
      notify.error(failure);
      return { job: outcome, failure };
    },
    [run, mutate, field, uploads, success, placeholder, failureMessage, notify],
  );

  return { ...job, resultRef, start, notify };
}
