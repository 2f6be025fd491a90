/**
 * Every screen of the view layer, rendered inside SitePage from the domain fixtures, the way
 * the routes will render them. Used by scripts/preview-views.tsx.
 */
import type { ReactElement } from "react";
import type { SidebarGroup } from "../src/domain/content";
import { buildHead, type HeadInput } from "../src/views/head-data";
import { ArticleContent } from "../src/views/pages/article-content";
import { ArticleListContent } from "../src/views/pages/article-list-content";
import { BundleContent } from "../src/views/pages/bundle-content";
import { BundleListContent } from "../src/views/pages/bundle-list-content";
import { ErrorContent } from "../src/views/pages/error-content";
import { ErrorPage } from "../src/views/pages/error-page";
import { GeneralPageContent } from "../src/views/pages/general-page-content";
import { HomeContent } from "../src/views/pages/home-content";
import { JoinContent } from "../src/views/pages/join-content";
import { MembershipListContent } from "../src/views/pages/membership-list-content";
import { NotFoundContent } from "../src/views/pages/not-found-content";
import { WebinarContent } from "../src/views/pages/webinar-content";
import { WebinarListContent } from "../src/views/pages/webinar-list-content";
import { SitePage } from "../src/views/site-page";
import * as f from "../test/fixtures/domain";

interface Screen {
  name: string;
  element: ReactElement;
}

function page(name: string, path: string, section: SidebarGroup | null, head: Partial<HeadInput>, content: (ctx: ReturnType<typeof f.blockContext>) => ReactElement): Screen {
  const layout = f.layout();
  const ctx = f.blockContext({}, { currentPath: path });
  const headData = buildHead({
    site: ctx.site,
    path,
    globalSeo: layout.globalSeo,
    global: layout.global,
    defaultShareImage: ctx.site.assets.defaultShareImage,
    ...head,
  });
  return {
    name,
    element: (
      <SitePage site={ctx.site} layout={layout} head={headData} section={section} islands={["cart-badge"]}>
        {content(ctx)}
      </SitePage>
    ),
  };
}

const [webinar, liveWebinar, , , pastWebinar] = f.webinars();
const [article] = f.articles();
const [bundle] = f.bundles();
const general = f.generalPage();
const membershipPage = f.generalPage({
  title: "Join as a full member",
  slug: "join-full-member",
  type: "Professionals",
  blocks: f.everyBlock().filter((b) => b.kind === "text" || b.kind === "membership-settings" || b.kind === "flipbook"),
});
const everyBlockPage = f.generalPage({ title: "Every block", slug: "every-block", type: "Root", blocks: f.everyBlock() });

export const SCREENS: Screen[] = [
  page("home", "/", null, { pageSeo: f.homepage().seo }, (ctx) => <HomeContent homepage={f.homepage()} ctx={ctx} />),
  page("general", "/about", "root", { pageSeo: general.seo, pageTitle: general.title }, (ctx) => <GeneralPageContent page={general} ctx={ctx} />),
  page("general-membership", "/professionals/join-full-member", "professionals", { pageTitle: membershipPage.title }, (ctx) => (
    <GeneralPageContent page={membershipPage} ctx={ctx} />
  )),
  page("every-block", "/every-block", null, { pageTitle: "Every block" }, (ctx) => <GeneralPageContent page={everyBlockPage} ctx={ctx} />),
  page("articles", "/articles", null, { pageTitle: "News and articles" }, (ctx) => <ArticleListContent articles={f.articles()} site={ctx.site} />),
  page("article", `/articles/${article!.slug}`, null, { pageTitle: article!.title, ogType: "article" }, (ctx) => (
    <ArticleContent article={article!} ctx={ctx} />
  )),
  page("webinars", "/webinars", "webinars", { pageTitle: "Webinars" }, () => <WebinarListContent webinars={f.webinars()} bundles={f.bundles()} now={f.NOW} />),
  page("webinar", `/webinars/${webinar!.slug}`, "webinars", { pageTitle: webinar!.name }, () => <WebinarContent webinar={webinar!} now={f.NOW} />),
  page("webinar-live", `/webinars/${liveWebinar!.slug}`, "webinars", { pageTitle: liveWebinar!.name }, () => <WebinarContent webinar={liveWebinar!} now={f.NOW} />),
  page("webinar-past", `/webinars/${pastWebinar!.slug}`, "webinars", { pageTitle: pastWebinar!.name }, () => <WebinarContent webinar={pastWebinar!} now={f.NOW} />),
  page("bundles", "/webinars/bundles", "webinars", { pageTitle: "Webinar bundles" }, () => <BundleListContent bundles={f.bundles()} />),
  page("bundle", `/webinars/bundles/${bundle!.slug}`, "webinars", { pageTitle: bundle!.bundleName }, () => <BundleContent bundle={bundle!} now={f.NOW} />),
  page("memberships", "/memberships", "professionals", { pageTitle: "Membership" }, () => (
    <MembershipListContent memberships={f.memberships()} />
  )),
  page("join", "/join", "professionals", { pageSeo: f.joinPage().seo }, () => <JoinContent joinPage={f.joinPage()} memberships={f.memberships()} />),
  page("not-found", "/no-such-page", null, { pageTitle: "Page not found", noindex: true }, () => <NotFoundContent />),
  page("error", "/about", null, { pageTitle: "Something went wrong", noindex: true }, () => <ErrorContent status={500} />),
  { name: "error-standalone", element: <ErrorPage status={503} siteName="Guildhall" stylesheet="/assets/site-abc123.css" /> },
];
