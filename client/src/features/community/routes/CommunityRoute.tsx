import { ComingSoon } from '../../../components/ComingSoon';

export function CommunityRoute() {
  return <ComingSoon title="Community" />;
}
