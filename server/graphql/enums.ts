// GraphQL enums named by docs/jobs-and-events.md, backed by the database's own enums.
import { registerEnumType } from 'type-graphql';
import { CreationType, JobPhase, ModerationState, Plan, Role } from '../shared/db/generated/enums.js';

export { CreationType, JobPhase, ModerationState, Plan, Role };

registerEnumType(Plan, { name: 'Plan', description: 'Billing plan' });
registerEnumType(CreationType, { name: 'CreationType', description: 'What a tool made' });
registerEnumType(JobPhase, { name: 'JobPhase', description: 'Where a job is: QUEUED → ANALYZING → PROCESSING → FINALIZING → COMPLETED | FAILED | CANCELLED' });
registerEnumType(Role, { name: 'Role', description: 'What an account may do in moderation (docs/moderation.md, "Roles"): USER, MODERATOR or ADMIN' });
registerEnumType(ModerationState, { name: 'ModerationState', description: 'VISIBLE, HELD by screening when published, or HIDDEN by a moderator (docs/moderation.md)' });
