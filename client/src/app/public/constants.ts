// Public-site thresholds (product §9).
/** Width in px at which the desktop navigation replaces the hamburger menu. */
export const MOBILE_BREAKPOINT = 768;
/** Scroll offset in px after which the nav gets its translucent background. */
export const NAV_SCROLLED_THRESHOLD = 10;
/** Scroll offset in px past which scrolling down hides the nav. */
export const NAV_HIDE_THRESHOLD = 100;
/** Delay in ms before a hovered dropdown closes once the pointer leaves it. */
export const DROPDOWN_CLOSE_DELAY_MS = 300;
