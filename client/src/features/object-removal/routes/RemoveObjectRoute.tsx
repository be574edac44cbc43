import { ComingSoon } from '../../../components/ComingSoon';

export function RemoveObjectRoute() {
  return <ComingSoon title="Object Removal" />;
}
