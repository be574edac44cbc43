// Where a picture can be sent: every tool of the catalogue that takes an image (its server
// definition says so: ToolEntry.imageInput), but the one that made it.
import type { CreationType } from '../../../gql/graphql';
import { TOOLS, type ToolEntry } from '../../../tools/catalogue';

export function sendTargets(madeBy: CreationType): ToolEntry[] {
  return TOOLS.filter((t) => t.imageInput && t.creation.type !== madeBy);
}
