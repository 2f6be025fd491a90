import type { ArticleListPage } from "../../domain/content";
import { DateTime } from "../components/date-time";
import { Img } from "../components/img";
import { PageHeader } from "../components/page-header";
import { PageNumbers } from "../components/page-numbers";
import { hrefs } from "../../shared/links";
import type { SiteContext } from "../site-context";

/** The address of one page of the article list (the first has no query). */
export const articleListHref = (page: number) => (page === 1 ? hrefs.articles : `${hrefs.articles}?page=${page}`);

/** News and articles, newest first (the CMS's order), a page at a time. */
export function ArticleListContent({ list, site }: { list: ArticleListPage; site: SiteContext }) {
  return (
    <>
      <PageHeader title="News and articles" lede={`News, research round-ups and practical advice from ${site.name}.`} />
      {list.articles.length === 0 ? (
        <p className="notice">There are no articles yet. Please check back soon.</p>
      ) : (
        <ul className="article-list">
          {list.articles.map((article) => (
            <li key={article.id} className="article-teaser">
              {article.teaser.image ? <Img media={article.teaser.image} slot="teaser" decorative className="article-teaser__image" /> : null}
              <div className="article-teaser__body">
                <h2 className="article-teaser__title">
                  <a href={hrefs.article(article.slug)} className="stretched-link">
                    {article.title}
                  </a>
                </h2>
                {article.publishedAt ? (
                  <p className="meta">
                    <DateTime value={article.publishedAt} />
                  </p>
                ) : null}
                {article.teaser.summary ? <p>{article.teaser.summary}</p> : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <PageNumbers label="Pages of articles" page={list.page} pageCount={list.pageCount} href={articleListHref} />
    </>
  );
}
