// Landing-page numbers (spec §9).
export const LOGO_MARQUEE_SECONDS = 30;
export const FAQ_INITIAL_COUNT = 4;
