import { ChoiceChips } from '../../../components/ChoiceChips';
import type { ImageStyle } from '../../../gql/graphql';
import { IMAGE_STYLES } from '../lib/styles';

interface Props {
  value: ImageStyle;
  onChange: (value: ImageStyle) => void;
  disabled?: boolean;
}

export function StyleChips(props: Props) {
  return <ChoiceChips legend="Style" name="image-style" options={IMAGE_STYLES} {...props} />;
}
