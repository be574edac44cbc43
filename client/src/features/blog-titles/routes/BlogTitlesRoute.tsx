import { ComingSoon } from '../../../components/ComingSoon';

export function BlogTitlesRoute() {
  return <ComingSoon title="Blog Title Generator" />;
}
