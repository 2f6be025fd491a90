import type { Article } from "../../domain/content";
import type { BlockContext } from "../blocks/block-context";
import { Blocks } from "../blocks/blocks";
import { Breadcrumbs } from "../components/breadcrumbs";
import { DateTime } from "../components/date-time";
import { Img } from "../components/img";
import { hrefs } from "../hrefs";

/** One article: title, publication date, summary, lead image, then its blocks. */
export function ArticleContent({ article, ctx }: { article: Article; ctx: BlockContext }) {
  return (
    <article className="article">
      <Breadcrumbs trail={[{ href: hrefs.articles, label: "News and articles" }]} current={article.title} />
      <header className="page-header">
        <h1>{article.title}</h1>
        {article.publishedAt ? (
          <p className="meta">
            Published <DateTime value={article.publishedAt} />
          </p>
        ) : null}
        {article.summary ? <p className="lede">{article.summary}</p> : null}
      </header>
      {article.image ? (
        <figure className="article__image">
          <Img media={article.image} slot="content" priority className="rounded" />
        </figure>
      ) : null}
      <Blocks blocks={article.blocks} ctx={ctx} />
    </article>
  );
}
