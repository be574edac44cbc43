import { useQuery } from '@apollo/client/react';
import type { EnginesQuery as EnginesData } from '../../gql/graphql';
import { EnginesQuery } from './api/operations';

export type Engine = EnginesData['engines']['image'];
export type EngineKind = 'image' | 'text';

/** The image tool's advanced options an engine may honour (the Engines query's names). */
export type ImageOption = 'ASPECT_RATIO' | 'SEED' | 'NEGATIVE_PROMPT' | 'COUNT';
/** The article writer's. */
export type TextOption = 'TONE' | 'LANGUAGE';

export interface UseEngine {
  /** Null until the server has said (or when it could not be asked). */
  engine: Engine | null;
  /** Whether the engine honours an option: false while unknown, so nothing is offered that may not apply. */
  has: (option: string) => boolean;
}

/**
 * The engine that makes this kind of output here (what the workers found at start-up): read
 * once and kept (cache-first); every tool page and the gallery share the answer.
 */
export function useEngine(kind: EngineKind): UseEngine {
  const { data } = useQuery(EnginesQuery, { fetchPolicy: 'cache-first' });
  const engine = data?.engines[kind] ?? null;
  return { engine, has: (option) => engine?.options.includes(option) ?? false };
}
