// The jobs feature's public surface: tools follow their jobs through these.
export { useJob, useToolRun, type UseJob, type UseToolRun, type ToolRunOptions, type ToolOutcome } from './useJob';
export { isJobBusy, type JobSnapshot, type JobCreation, type StartContext, type StartedJob } from './jobStore';
export { JobProgress, type StepLabels } from './components/JobProgress';
export { JobNotices } from './components/JobNotices';
export { TextJobResult } from './components/TextJobResult';
