/** Spec §3: the value is the label lowercased with only the first space replaced by an underscore. */
export function categoryValue(label: string): string {
  return label.toLowerCase().replace(' ', '_');
}

export const FEEDBACK_CATEGORY_LABELS = ['General Feedback', 'UI/UX Feedback', 'Responsiveness Issue', 'Website Experience', 'Website Issue', 'Report an Issue', 'Other'] as const;

export const FEEDBACK_CATEGORIES = FEEDBACK_CATEGORY_LABELS.map((label) => ({ label, value: categoryValue(label) }));

export const DEFAULT_CATEGORY = categoryValue('General Feedback');

export const RATINGS = [
  { value: 1, label: 'Awful', emoji: '😞' },
  { value: 2, label: 'Poor', emoji: '🙁' },
  { value: 3, label: 'Average', emoji: '😐' },
  { value: 4, label: 'Good', emoji: '🙂' },
  { value: 5, label: 'Excellent', emoji: '🤩' },
] as const;

export const SUPPORT_EMAIL = 'support@atelier.app';
export const FEEDBACK_REQUIRED = 'Please fill all fields and provide a rating';
