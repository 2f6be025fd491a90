/**
 * The search results page, better with JavaScript: "Next page" becomes "Show more results",
 * which adds the next page's results below the ones shown (the same page a click would load,
 * read as HTML) and moves focus to the first new one. Without JavaScript, or if loading fails,
 * the link simply goes to the next page.
 */
const PAGES = ".search nav.pagination";

function enhance(): void {
  const list = document.querySelector<HTMLOListElement>(".search-results");
  const next = document.querySelector<HTMLAnchorElement>(`${PAGES} a[rel="next"]`);
  if (!list || !next) return;
  next.textContent = "Show more results";
  next.addEventListener(
    "click",
    (event) => {
      event.preventDefault();
      void showMore(list, next);
    },
    { once: true },
  );
}

async function showMore(list: HTMLOListElement, next: HTMLAnchorElement): Promise<void> {
  next.setAttribute("aria-disabled", "true");
  try {
    const response = await fetch(next.href, { credentials: "same-origin" });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    const items = [...page.querySelectorAll(".search-results > li")].map((item) => document.importNode(item, true));
    list.append(...items);
    const nav = document.querySelector(PAGES);
    const nextNav = page.querySelector(PAGES);
    if (nav && nextNav) nav.replaceWith(document.importNode(nextNav, true));
    else nav?.remove();
    items[0]?.querySelector<HTMLAnchorElement>("a")?.focus();
    enhance();
  } catch {
    window.location.assign(next.href);
  }
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", enhance, { once: true });
else enhance();
