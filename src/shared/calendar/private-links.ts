/**
 * Keeps the webinar's private access links out of anything shared publicly, such as a calendar
 * file: a Zoom or Vimeo address lets anyone join or watch without buying. A host counts as Zoom or
 * Vimeo when one of its labels is zoom, zoomgov, vimeo or vimeocdn (zoom.us, us02web.zoom.us,
 * player.vimeo.com, and the test content's zoom.example).
 */
const PRIVATE_LABEL = /(?:^|\.)(?:zoom|zoomgov|vimeo|vimeocdn)\./i;
const PRIVATE_LINK = /(?<![a-z0-9.-])(?:https?:\/\/)?(?:[a-z0-9-]+\.)*(?:zoom|zoomgov|vimeo|vimeocdn)\.[a-z][a-z0-9.-]*(?::\d+)?(?:[/?#][^\s<>"]*)?/gi;

export const LINK_REMOVED = "[link removed]";

export const isPrivateHost = (hostname: string): boolean => PRIVATE_LABEL.test(`${hostname}.`);

/** The text with every Zoom or Vimeo address, with or without its scheme, replaced. */
export const withoutPrivateLinks = (text: string): string => text.replace(PRIVATE_LINK, LINK_REMOVED);
