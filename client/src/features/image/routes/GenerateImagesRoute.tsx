import { ComingSoon } from '../../../components/ComingSoon';

export function GenerateImagesRoute() {
  return <ComingSoon title="AI Image Generation" />;
}
