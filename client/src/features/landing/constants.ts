// Landing-page numbers (product §9).
export const LOGO_MARQUEE_SECONDS = 30;
/** One pass of the social-follow banner. */
export const SOCIAL_BANNER_SECONDS = 25;
export const FAQ_INITIAL_COUNT = 4;

/** Tool-card media play while this share of the card is visible… */
export const TOOL_MEDIA_THRESHOLD = 0.15;
/** …counting 100 px below the viewport, so they are already running as they scroll in. */
export const TOOL_MEDIA_ROOT_MARGIN = '0px 0px 100px 0px';
/** Landing cards (CONNECT WITH US) reveal once this share of them is visible. */
export const CARD_REVEAL_THRESHOLD = 0.2;

/** Testimonials carousel: one card below 640 px, two below 1024 px, otherwise three. */
export const CAROUSEL_BREAKPOINTS = { one: 640, two: 1024 } as const;
/** A drag moves the carousel when it travels further than this (px)… */
export const DRAG_DISTANCE_PX = 50;
/** …or is released faster than this (px/s). */
export const DRAG_VELOCITY_PX_S = 500;
