import type { ReactNode } from "react";

export type HeadingLevel = 1 | 2 | 3 | 4;

/** A heading whose level depends on where its component sits in the page's outline. */
export function Heading({ level, className, id, children }: { level: HeadingLevel; className?: string; id?: string; children: ReactNode }) {
  const Tag = `h${level}` as const;
  return (
    <Tag className={className} id={id}>
      {children}
    </Tag>
  );
}
