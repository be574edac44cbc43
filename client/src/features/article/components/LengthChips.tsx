import { ChoiceChips } from '../../../components/ChoiceChips';
import type { ArticleLength } from '../../../gql/graphql';
import { ARTICLE_LENGTHS } from '../../../lib/constants';

interface Props {
  value: ArticleLength;
  onChange: (value: ArticleLength) => void;
  disabled?: boolean;
}

const OPTIONS = ARTICLE_LENGTHS.map((o) => ({ value: o.value, label: `${o.label} (${o.range})` }));

export function LengthChips(props: Props) {
  return <ChoiceChips legend="Article length" name="article-length" options={OPTIONS} {...props} />;
}
