/**
 * Where a CMS upload may be shown from: only the site's own `/uploads/<file>` route, which
 * applies the gated-files rule and serves files with safe headers. The CMS names an upload
 * `/uploads/<file>` when it keeps files on its own disk (development, tests), and
 * `<public base>/<file>` when they are in object storage (R2 through Strapi's S3 provider in
 * production; the Worker's CMS_MEDIA_URL is that base). The second shape is rewritten into the
 * first wherever it appears in a response (media fields, renditions, links and images in rich
 * text), so both providers give the site the same paths; a media URL still absolute after that
 * points somewhere else and is never rendered.
 */

/** An upload's file name as Strapi makes it (the media route accepts the same). */
const FILE_NAME = "[A-Za-z0-9][A-Za-z0-9._-]{0,254}";
const SITE_UPLOAD = new RegExp(`^/uploads/${FILE_NAME}$`);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Whether `url` is a site upload path, `/uploads/<file>`: the only media URL pages may use. */
export function isSiteUpload(url: string): boolean {
  return SITE_UPLOAD.test(url);
}

/**
 * A copy of a CMS response in which every `<mediaUrl>/<file>` (the object store's public URL of
 * an upload) reads `/uploads/<file>`. A longer path under the base is not an upload and is left
 * alone, as is every other host.
 */
export function withSiteUploadPaths(data: unknown, mediaUrl: string): unknown {
  const publicFile = new RegExp(`${escapeRegExp(mediaUrl)}/(${FILE_NAME})(?![A-Za-z0-9._/-])`, "g");
  const rewrite = (value: unknown): unknown => {
    if (typeof value === "string") return value.includes(mediaUrl) ? value.replace(publicFile, "/uploads/$1") : value;
    if (Array.isArray(value)) return value.map(rewrite);
    if (value !== null && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, rewrite(item)]));
    }
    return value;
  };
  return rewrite(data);
}
