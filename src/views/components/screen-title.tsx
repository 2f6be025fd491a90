import { createContext, useContext, type ReactNode } from "react";

/**
 * A built-in screen's h1. When the screen is shown inside an editor's CMS page (a general page
 * at the same address, see views/pages/screen-with-page.tsx), that page's title is the h1 and
 * the screen's own title steps aside, so the page keeps exactly one h1.
 */
const TitleGiven = createContext(false);

/** Renders `children` under a title the surrounding page has already given. */
export function TitleAlreadyGiven({ children }: { children: ReactNode }) {
  return <TitleGiven value={true}>{children}</TitleGiven>;
}

/** Whether the surrounding page has already given the screen its h1. */
export const useTitleGiven = () => useContext(TitleGiven);

export function ScreenTitle({ children }: { children: ReactNode }) {
  return useTitleGiven() ? null : <h1>{children}</h1>;
}
