// GraphQL enums named by docs/jobs-and-events.md, backed by the database's own enums.
import { registerEnumType } from 'type-graphql';
import { CreationType, JobPhase, ModerationState, Plan } from '../shared/db/generated/enums.js';

export { CreationType, JobPhase, ModerationState, Plan };

registerEnumType(Plan, { name: 'Plan', description: 'Billing plan' });
registerEnumType(CreationType, { name: 'CreationType', description: 'What a tool made' });
registerEnumType(JobPhase, { name: 'JobPhase', description: 'Where a job is: QUEUED → ANALYZING → PROCESSING → FINALIZING → COMPLETED | FAILED | CANCELLED' });
registerEnumType(ModerationState, {
  name: 'ModerationState',
  description: 'Whether the community gallery shows a published creation: VISIBLE, HELD for review by screening (docs/screening.md), or HIDDEN by a moderator',
});
