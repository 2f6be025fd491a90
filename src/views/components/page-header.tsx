import type { ReactNode } from "react";
import { useTitleGiven } from "./screen-title";

/**
 * A screen's h1 with an optional standfirst. Inside an editor's CMS page at the same address the
 * page's title is the h1 (see screen-title.tsx), so only the standfirst and `children` remain.
 */
export function PageHeader({ title, lede, children }: { title: string; lede?: ReactNode; children?: ReactNode }) {
  const titleGiven = useTitleGiven();
  if (titleGiven && !lede && !children) return null;
  return (
    <header className="page-header">
      {children}
      {titleGiven ? null : <h1>{title}</h1>}
      {lede ? <p className="lede">{lede}</p> : null}
    </header>
  );
}
