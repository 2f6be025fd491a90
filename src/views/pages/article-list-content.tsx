import type { ArticleSummary } from "../../domain/content";
import { DateTime } from "../components/date-time";
import { Img } from "../components/img";
import { PageHeader } from "../components/page-header";
import { hrefs } from "../../shared/links";
import type { SiteContext } from "../site-context";

/** News and articles, newest first. */
export function ArticleListContent({ articles, site }: { articles: readonly ArticleSummary[]; site: SiteContext }) {
  const newestFirst = [...articles].sort((a, b) => publishedTime(b) - publishedTime(a));
  return (
    <>
      <PageHeader title="News and articles" lede={`News, research round-ups and practical advice from ${site.name}.`} />
      {newestFirst.length === 0 ? (
        <p className="notice">There are no articles yet. Please check back soon.</p>
      ) : (
        <ul className="article-list">
          {newestFirst.map((article) => (
            <li key={article.id} className="article-teaser">
              {article.teaser.image ? <Img media={article.teaser.image} slot="card" decorative className="article-teaser__image" /> : null}
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
    </>
  );
}

/** Undated articles sort last. */
const publishedTime = (article: ArticleSummary) => Date.parse(article.publishedAt ?? "") || 0;
