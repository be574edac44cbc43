import { ComingSoon } from '../../../components/ComingSoon';

export function RemoveBackgroundRoute() {
  return <ComingSoon title="Background Removal" />;
}
