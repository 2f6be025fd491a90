/**
 * The society as its e-mails show it: the site name, the logo (the CMS's Global favicon) and the
 * contact details (the CMS's Footer), read through the content service and so cached like every
 * CMS read. During a CMS outage the cache's last good copy stands in (stale-if-error); with
 * nothing cached, a plain brand made from configuration, so a message is never held up by the CMS.
 */
import type { EmailBrand } from "../../domain/email";
import type { Logger } from "../../log";
import type { LayoutData } from "../../domain/content";

/** E-mail clients show PNG and JPEG; many do not show SVG. */
const MAILABLE_IMAGE = new Set(["png", "jpg"]);

export function brandFromLayout(layout: LayoutData, site: { name: string; url: string }): EmailBrand {
  const favicon = layout.global.favicon;
  const { contactFields, address } = layout.footer;
  return {
    siteName: site.name,
    organizationName: contactFields.organizationName,
    logo:
      favicon && MAILABLE_IMAGE.has(favicon.fileType)
        ? { url: new URL(favicon.url, site.url).href, width: favicon.width, height: favicon.height }
        : null,
    contact: { email: contactFields.emailAddress, phone: contactFields.phoneNumber, address, poBox: contactFields.poBox },
  };
}

export const fallbackBrand = (site: { name: string }): EmailBrand => ({
  siteName: site.name,
  organizationName: null,
  logo: null,
  contact: { email: null, phone: null, address: null, poBox: null },
});

export async function loadBrand(deps: { layout: () => Promise<LayoutData>; site: { name: string; url: string }; log: Logger }): Promise<EmailBrand> {
  try {
    return brandFromLayout(await deps.layout(), deps.site);
  } catch (error) {
    deps.log.warn("email.brand_fallback", { reason: error instanceof Error ? error.message : String(error) });
    return fallbackBrand(deps.site);
  }
}
