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
@keyframes atelier-sweep { 0% { transform: translateX(-120%) skewX(-20deg); } 60%, 100% { transform: translateX(320%) skewX(-20deg); } }
.atelier-hero-frame { container-type: size; }
.atelier-hero-stage { position: absolute; left: 50%; top: 50%; width: max(100cqw, 180cqh); aspect-ratio: 1440 / 800; transform: translate(-50%, -50%); }
@keyframes atelier-drift { 0% { transform: translate(0, 0) scale(1); } 50% { transform: translate(16%, 5%) scale(1.15); } 100% { transform: translate(-10%, 9%) scale(.95); } }
@keyframes atelier-waves { to { transform: translateX(-33.3333%); } }
.atelier-glow { position: absolute; border-radius: 9999px; will-change: transform; animation: atelier-drift 18s ease-in-out infinite alternate; }
.atelier-waves { position: absolute; inset: 0 auto 0 0; width: 150%; max-width: none; height: 100%; will-change: transform; animation: atelier-waves 14s linear infinite; }
.atelier-marquee { animation: atelier-marquee ${LOGO_MARQUEE_SECONDS}s linear infinite; }
.atelier-marquee-wrap:hover .atelier-marquee, .atelier-marquee-wrap:focus-within .atelier-marquee { animation-play-state: paused; }
.atelier-media { position: relative; overflow: hidden; }
.atelier-media .atelier-loop { animation: atelier-float 5s ease-in-out infinite; }
.atelier-media .atelier-sweep { position: absolute; inset: 0 auto 0 0; width: 35%; pointer-events: none;
  background: linear-gradient(90deg, transparent, rgb(255 255 255 / .35), transparent); animation: atelier-sweep 3.6s ease-in-out infinite; }
.atelier-media[data-playing="false"] .atelier-loop, .atelier-media[data-playing="false"] .atelier-sweep { animation-play-state: paused; }
.atelier-media[data-playing="false"] .atelier-sweep { opacity: 0; }
@media (prefers-reduced-motion: reduce) {
  .atelier-marquee, .atelier-media .atelier-loop, .atelier-media .atelier-sweep, .atelier-waves { animation: none; }
  .atelier-glow { display: none; }
  .atelier-waves { width: 100%; object-fit: cover; }
  .atelier-media .atelier-sweep { display: none; }
}
`}</style>
  );
}
