import { hrefs } from "../../shared/links";

/** Across the top of every page in an editor's draft preview: what this is, and the way out. */
export function PreviewBar({ path }: { path: string }) {
  return (
    <div className="preview-bar" role="region" aria-label="Draft preview" data-preview-bar="">
      <p className="preview-bar__text container">
        <strong>Preview — not published.</strong> You are seeing saved drafts; visitors see the published site.{" "}
        <a className="preview-bar__exit" href={hrefs.previewExit(path)}>
          Exit preview
        </a>
      </p>
    </div>
  );
}
