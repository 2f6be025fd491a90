import type { Media } from "../../domain/content";
import { SiteLink } from "../components/site-link";
import { safeHref } from "../urls";
import type { BlockContext, BlockOf } from "./block-context";

/** A publication: read it online (the flipbook) and/or download the file. */
export function FlipbookBlock({ block, ctx }: { block: BlockOf<"flipbook">; ctx: BlockContext }) {
  const online = safeHref(block.flipbookLink);
  const file = block.file ? safeHref(block.file.url) : null;
  return (
    <section data-block="flipbook" className="block block-flipbook">
      <DocumentIcon />
      <div className="block-flipbook__body">
        <p className="eyebrow">Publication</p>
        <h2 className="block-flipbook__title">{block.subjectTitle}</h2>
        {online || file ? (
          <ul className="actions">
            {online ? (
              <li>
                <SiteLink href={online} siteUrl={ctx.site.url} className="button">
                  Read online<span className="visually-hidden">: {block.subjectTitle}</span>
                </SiteLink>
              </li>
            ) : null}
            {file && block.file ? (
              <li>
                <a href={file} className="button button--secondary" type={block.file.mime ?? undefined} download>
                  Download<span className="visually-hidden"> {block.subjectTitle}</span> <FileType media={block.file} />
                </a>
              </li>
            ) : null}
          </ul>
        ) : null}
      </div>
    </section>
  );
}

/** "(PDF)" from the file's extension, or its mapped type (jpg, png, svg). */
function FileType({ media }: { media: Media }) {
  const ext = media.ext.replace(/^\./, "").toUpperCase();
  const label = ext || (media.fileType === "other" ? "" : media.fileType.toUpperCase());
  return label ? <span className="file-type">({label})</span> : null;
}

function DocumentIcon() {
  return (
    <svg className="block-flipbook__icon" viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
      <path d="M12 4h17l9 9v31H12z" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinejoin="round" />
      <path d="M29 4v9h9M18 23h14M18 29h14M18 35h9" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}
