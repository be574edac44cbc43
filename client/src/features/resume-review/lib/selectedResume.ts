// The chosen PDF outlives the page, like the job it feeds: going to the dashboard and back
// still shows which file the review is about. Forgotten when the user changes.
import { onSessionReset } from '../../../lib/apollo';

let selected: File | null = null;

onSessionReset(() => {
  selected = null;
});

export const selectedResume = {
  get: (): File | null => selected,
  set: (file: File | null): void => {
    selected = file;
  },
};
