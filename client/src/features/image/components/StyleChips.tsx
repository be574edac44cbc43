import { ChoiceChips } from '../../../components/ChoiceChips';
import type { ImageStyle } from '../../../gql/graphql';
import { IMAGE_STYLES } from '../lib/styles';

interface Props {
  value: ImageStyle;
  onChange: (value: ImageStyle) => void;
  disabled?: boolean;
  /** No image model is connected: the styles only change the look of a drawn placeholder. */
  placeholder?: boolean;
}

/** Without a model, Realistic cannot be a photo: its chip says it is drawn. */
const PLACEHOLDER_STYLES = IMAGE_STYLES.map((s) => (s.value === 'REALISTIC' ? { ...s, label: 'Realistic (drawn)' } : s));

export function StyleChips({ placeholder = false, ...props }: Props) {
  return (
    <ChoiceChips
      legend="Style"
      name="image-style"
      options={placeholder ? PLACEHOLDER_STYLES : IMAGE_STYLES}
      caption={placeholder ? 'No image model is connected: a style only changes the look of the placeholder drawing, and none of them is a photo.' : undefined}
      {...props}
    />
  );
}
