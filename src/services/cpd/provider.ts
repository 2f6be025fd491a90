/** Who runs the webinars a CPD entry records: the organisation the site's footer names, or the site's name. */
import type { ContentService } from "../content/content-service";

export const cpdProvider = (content: Pick<ContentService, "layout">, siteName: string) => async (): Promise<string> =>
  (await content.layout()).footer.contactFields.organizationName ?? siteName;
