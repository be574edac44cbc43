import { LOGO_MARQUEE_SECONDS } from '../constants';

/** Keyframes the landing page uses (kept here so the global stylesheet stays untouched). */
export function LandingStyles() {
  return (
    <style>{`
@keyframes atelier-marquee { from { transform: translateX(0); } to { transform: translateX(-50%); } }
@keyframes atelier-fade { from { opacity: 0; } to { opacity: 1; } }
@keyframes atelier-pop { from { opacity: 0; transform: translateY(8px) scale(.97); } to { opacity: 1; transform: none; } }
@keyframes atelier-float { 0%, 100% { transform: translateY(0); } 50% { transform: translateY(-10px); } }
@keyframes atelier-scan { 0% { transform: translateY(0); } 100% { transform: translateY(150px); } }
@keyframes atelier-type { from { transform: scaleX(0); } to { transform: scaleX(1); } }
.atelier-marquee { animation: atelier-marquee ${LOGO_MARQUEE_SECONDS}s linear infinite; }
.atelier-marquee-wrap:hover .atelier-marquee { animation-play-state: paused; }
@media (prefers-reduced-motion: reduce) {
  .atelier-marquee { animation: none; }
}
`}</style>
  );
}
