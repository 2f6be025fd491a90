import type { Footer } from "../../domain/content";
import { hrefs } from "../hrefs";
import { pageHref } from "../../shared/links";
import { safeHref } from "../urls";

const SOCIAL_NAMES: Record<keyof Footer["socialLinks"], string> = {
  twitter: "X (Twitter)",
  facebook: "Facebook",
  linkedIn: "LinkedIn",
  instagram: "Instagram",
};

/** Contact details, useful links and social links; every field of the CMS footer. */
export function SiteFooter({ footer, siteName, year }: { footer: Footer; siteName: string; year: number }) {
  const { contactFields: contact } = footer;
  const organization = contact.organizationName ?? siteName;
  const social = (Object.keys(SOCIAL_NAMES) as (keyof Footer["socialLinks"])[])
    .map((key) => ({ key, href: safeHref(footer.socialLinks[key]) }))
    .filter((link): link is { key: keyof Footer["socialLinks"]; href: string } => link.href !== null);
  const phone = contact.phoneNumber?.replace(/[^\d+]/g, "");
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section aria-labelledby="footer-contact" className="site-footer__contact">
          <h2 id="footer-contact">Contact us</h2>
          <address>
            <p className="site-footer__org">{organization}</p>
            {footer.address ? <p>{lines(footer.address)}</p> : null}
            {contact.poBox ? <p>{lines(contact.poBox)}</p> : null}
            <ul className="site-footer__contact-list">
              {contact.emailAddress ? (
                <li>
                  Email: <a href={`mailto:${contact.emailAddress}`}>{contact.emailAddress}</a>
                </li>
              ) : null}
              {contact.phoneNumber && phone ? (
                <li>
                  Phone: <a href={`tel:${phone}`}>{contact.phoneNumber}</a>
                </li>
              ) : null}
            </ul>
          </address>
        </section>
        {footer.links.length > 0 ? (
          <nav aria-labelledby="footer-links">
            <h2 id="footer-links">Useful links</h2>
            <ul className="site-footer__links">
              {footer.links.map((link, index) => (
                <li key={`${index}-${link.title}`}>
                  <a href={pageHref(link.page)}>{link.title}</a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <nav aria-labelledby="footer-site">
          <h2 id="footer-site">Explore</h2>
          <ul className="site-footer__links">
            <li>
              <a href={hrefs.articles}>News and articles</a>
            </li>
            <li>
              <a href={hrefs.webinars}>Webinars</a>
            </li>
            <li>
              <a href={hrefs.memberships}>Membership</a>
            </li>
            <li>
              <a href={hrefs.join}>Join the Guild</a>
            </li>
          </ul>
        </nav>
        {social.length > 0 ? (
          <section aria-labelledby="footer-social">
            <h2 id="footer-social">Follow us</h2>
            <ul className="site-footer__links">
              {social.map(({ key, href }) => (
                <li key={key}>
                  <a href={href} rel="noopener noreferrer">
                    <span className="visually-hidden">{organization} on </span>
                    {SOCIAL_NAMES[key]}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
      <div className="site-footer__base">
        <p className="container">
          © {year} {organization}
        </p>
      </div>
    </footer>
  );
}

/** Multi-line CMS text (an address) with its line breaks kept. */
function lines(text: string) {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line, index) => (
      <span key={index} className="line">
        {line}
      </span>
    ));
}
