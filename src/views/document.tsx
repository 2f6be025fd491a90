import type { ReactNode } from "react";

export interface DocumentProps {
  title: string;
  /** The hashed stylesheet; null only when even that is unknown (a failure before setup). */
  stylesheet: string | null;
  /** Island entry points, loaded as async modules. */
  scripts?: readonly string[];
  /** Page metadata beyond the title (see HeadTags). */
  head?: ReactNode;
  children: ReactNode;
}

/** Brand colour of the browser's UI on phones; matches --brand in client/styles/tokens.css. */
export const THEME_COLOR = "#0f4c5c";

/**
 * The HTML document every page streams inside. It holds no inline script or style: the
 * Content-Security-Policy allows only the site's own files.
 */
export function Document({ title, stylesheet, scripts = [], head, children }: DocumentProps) {
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        {head}
        <meta name="theme-color" content={THEME_COLOR} />
        {stylesheet ? <link rel="stylesheet" href={stylesheet} /> : null}
        {scripts.map((src) => (
          <script key={src} type="module" src={src} async />
        ))}
      </head>
      <body>{children}</body>
    </html>
  );
}
