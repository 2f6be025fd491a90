import type { LayoutData } from "../../domain/content";
import { Img } from "../components/img";
import { MAX_QUERY_LENGTH } from "../../domain/search";
import { hrefs } from "../../shared/links";
import type { SiteContext } from "../site-context";
import { NavLink } from "./nav-link";
import { PrimaryNav } from "./primary-nav";

/**
 * Brand, the site search box (a GET form to /search: it works without JavaScript), account
 * links and the main navigation. On narrow screens the navigation folds behind a
 * "Menu" disclosure; on wide ones it is a bar. Both are rendered and CSS shows one, because a
 * closed `<details>` cannot be forced open by CSS in every browser we support.
 */
export function SiteHeader({ site, layout }: { site: SiteContext; layout: LayoutData }) {
  const favicon = layout.global.favicon;
  const organization = layout.footer.contactFields.organizationName;
  const items = layout.navigation.navLinkItems;
  return (
    <header className="site-header">
      <div className="masthead container">
        <a href={hrefs.home} className="brand">
          {favicon ? <Img media={favicon} slot="logo" decorative eager className="brand__logo" /> : null}
          <span className="brand__text">
            <span className="brand__name">{site.name}</span>
            {organization && organization !== site.name ? (
              <>
                {" "}
                <span className="brand__tagline">{organization}</span>
              </>
            ) : null}
          </span>
        </a>
        <form className="site-search" role="search" aria-label="Site search" action={hrefs.search} method="get">
          <label className="visually-hidden" htmlFor="site-search-q">
            Search this site
          </label>
          <input className="site-search__input" id="site-search-q" type="search" name="q" maxLength={MAX_QUERY_LENGTH} />
          <button type="submit" className="site-search__button">
            Search
          </button>
        </form>
        <ul className="account-links">
          <li>
            <NavLink href={site.viewer?.signedIn ? "/user/account" : hrefs.signIn} currentPath={site.currentPath}>
              {site.viewer?.signedIn ? "Your account" : "Sign in"}
            </NavLink>
          </li>
          <li>
            <a href={hrefs.cart} className="cart-link" data-island-root="cart-badge">
              Cart <span data-cart-count hidden></span>
            </a>
          </li>
        </ul>
      </div>
      {items.length > 0 ? (
        <div className="nav-bar">
          <div className="container">
            <details className="menu-toggle">
              <summary>Menu</summary>
              <PrimaryNav items={items} currentPath={site.currentPath} variant="mobile" />
            </details>
            <PrimaryNav items={items} currentPath={site.currentPath} variant="desktop" />
          </div>
        </div>
      ) : null}
    </header>
  );
}
