import { ComingSoon } from '../../../components/ComingSoon';

export function ReviewResumeRoute() {
  return <ComingSoon title="Resume Review" />;
}
