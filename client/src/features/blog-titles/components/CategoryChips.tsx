import { ChoiceChips } from '../../../components/ChoiceChips';
import type { BlogCategory } from '../../../gql/graphql';
import { BLOG_CATEGORIES } from '../lib/categories';

interface Props {
  value: BlogCategory;
  onChange: (value: BlogCategory) => void;
  disabled?: boolean;
}

export function CategoryChips(props: Props) {
  return <ChoiceChips legend="Category" name="blog-category" options={BLOG_CATEGORIES} {...props} />;
}
