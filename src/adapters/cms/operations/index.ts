import { allArticlesOperation, articleOperation, articleSlugsOperation, articlesPageOperation, ARTICLES_PER_PAGE } from "./articles";
import { cpdSettingsOperation } from "./cpd";
import { discountCodesOperation } from "./discount-codes";
import { eventsOperation } from "./events";
import { footerOperation, globalOperation, globalSeoOperation, navigationOperation, sidebarOperation } from "./layout";
import { joinPageOperation, membershipsOperation } from "./memberships";
import { allGeneralPageSlugsOperation, allGeneralPagesOperation, generalPageOperation, homepageOperation, pagesPresentingMembershipsOperation } from "./pages";
import { practitionerSettingsOperation } from "./practitioners";
import { redirectsOperation } from "./redirects";
import { webinarBundleOperation, webinarBundlesOperation, webinarOperation, webinarsOperation } from "./webinars";

export {
  allArticlesOperation,
  ARTICLES_PER_PAGE,
  articleSlugsOperation,
  articlesPageOperation,
  allGeneralPageSlugsOperation,
  allGeneralPagesOperation,
  articleOperation,
  cpdSettingsOperation,
  discountCodesOperation,
  eventsOperation,
  footerOperation,
  generalPageOperation,
  globalOperation,
  globalSeoOperation,
  homepageOperation,
  joinPageOperation,
  membershipsOperation,
  navigationOperation,
  practitionerSettingsOperation,
  redirectsOperation,
  pagesPresentingMembershipsOperation,
  sidebarOperation,
  webinarBundleOperation,
  webinarBundlesOperation,
  webinarOperation,
  webinarsOperation,
};

/** Every operation the Worker sends to the CMS (used by purge to find what a model change affects). */
export const ALL_OPERATIONS = [
  globalOperation,
  globalSeoOperation,
  sidebarOperation,
  footerOperation,
  navigationOperation,
  pagesPresentingMembershipsOperation,
  homepageOperation,
  allGeneralPagesOperation,
  allGeneralPageSlugsOperation,
  generalPageOperation,
  allArticlesOperation,
  articlesPageOperation,
  articleSlugsOperation,
  articleOperation,
  webinarsOperation,
  webinarOperation,
  webinarBundlesOperation,
  webinarBundleOperation,
  membershipsOperation,
  joinPageOperation,
  redirectsOperation,
  cpdSettingsOperation,
  discountCodesOperation,
  practitionerSettingsOperation,
  eventsOperation,
] as const;
