import { Suspense, use } from "react";
import type { WebinarsFilter, WebinarSummary } from "../../domain/content";
import type { HeadingLevel } from "../components/heading";
import { hrefs } from "../../shared/links";
import { WebinarCardList } from "../webinars/webinar-card-list";
import { filterWebinars } from "../webinars/webinar-state";
import type { BlockContext, BlockOf } from "./block-context";

/**
 * Webinars chosen by the editor, or else every webinar that matches the block's filter, priced
 * for the viewer (`ctx.buyer`). The full list is loaded only in the second case, inside a
 * Suspense boundary, so the rest of the page streams first.
 */
export function WebinarsListBlock({ block, ctx }: { block: BlockOf<"webinars-list">; ctx: BlockContext }) {
  const level: HeadingLevel = block.title ? 3 : 2;
  return (
    <section data-block="webinars-list" className="block block-webinars">
      {block.title ? <h2 className="block-title">{block.title}</h2> : null}
      {block.webinars.length > 0 ? (
        <WebinarCardList webinars={block.webinars} buyer={ctx.buyer} now={ctx.site.now} level={level} />
      ) : (
        <Suspense fallback={<Loading />}>
          <FilteredWebinars filter={block.filter} ctx={ctx} level={level} />
        </Suspense>
      )}
    </section>
  );
}

function FilteredWebinars({ filter, ctx, level }: { filter: WebinarsFilter; ctx: BlockContext; level: HeadingLevel }) {
  const all = use(allWebinars(ctx));
  if (all === null) {
    return <p className="notice">We cannot show the webinars just now. <AllWebinarsLink /></p>;
  }
  const webinars = filterWebinars(all, filter, ctx.site.now);
  if (webinars.length === 0) return <p className="notice">{EMPTY[filter]} <AllWebinarsLink /></p>;
  return (
    <>
      <WebinarCardList webinars={webinars} buyer={ctx.buyer} now={ctx.site.now} level={level} />
      <p className="block-webinars__more">
        <AllWebinarsLink />
      </p>
    </>
  );
}

const EMPTY: Record<WebinarsFilter, string> = {
  upcoming: "No webinars are scheduled at the moment.",
  past: "There are no past webinars yet.",
  all: "There are no webinars yet.",
  memberFree: "No webinars are free for members at the moment.",
};

/** Also the no-JavaScript way forward, should the streamed list never replace it. */
function Loading() {
  return (
    <p className="notice notice--loading">
      Loading webinars… <AllWebinarsLink />
    </p>
  );
}

const AllWebinarsLink = () => <a href={hrefs.webinars}>See all webinars</a>;

/**
 * One load per page, shared by all its webinars-list blocks (keyed by the request's loader).
 * Null (the loader could not load them, and has logged why) shows a notice in place of the list.
 */
const loads = new WeakMap<BlockContext["webinars"], Promise<WebinarSummary[] | null>>();

function allWebinars(ctx: BlockContext): Promise<WebinarSummary[] | null> {
  let load = loads.get(ctx.webinars);
  if (!load) {
    load = ctx.webinars();
    loads.set(ctx.webinars, load);
  }
  return load;
}
