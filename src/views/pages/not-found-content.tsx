import { hrefs } from "../../shared/links";
import { errorMessage } from "./error-messages";

/** The 404 page's content, inside the site layout. */
export function NotFoundContent() {
  const { heading, body } = errorMessage(404);
  return (
    <div className="error-screen">
      <p className="eyebrow">Error 404</p>
      <h1>{heading}</h1>
      <p className="lede">{body}</p>
      <p>If you typed the address, check it is spelled correctly. You could also try:</p>
      <ul className="link-list">
        <li>
          <a href={hrefs.home}>The home page</a>
        </li>
        <li>
          <a href={hrefs.webinars}>Webinars</a>
        </li>
        <li>
          <a href={hrefs.articles}>News and articles</a>
        </li>
      </ul>
    </div>
  );
}
