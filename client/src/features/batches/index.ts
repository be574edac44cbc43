// Batches (docs/batches.md): what other features use of them. A tool's page runs several pictures
// as a batch of that tool; the dashboard lists batches in the history.
export { BatchFiles } from './components/BatchFiles';
export { BatchProgress } from './components/BatchProgress';
export { PickedImages } from './components/PickedImages';
export { useMyBatches, useToolBatch, type ToolBatch } from './hooks/useToolBatch';
export { recipeLabel } from './lib/toolBatch';
export type { Step as BatchStep } from './lib/recipes';
