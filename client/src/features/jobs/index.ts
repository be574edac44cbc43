// The jobs feature's public surface: tools follow their jobs through these.
export { useJob, type UseJob } from './useJob';
export { type JobSnapshot, type JobCreation, type StartedJob } from './jobStore';
export { JobProgress, type StepLabels } from './components/JobProgress';
