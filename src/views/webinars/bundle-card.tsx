import type { WebinarBundle } from "../../services/content/model";
import { Heading, type HeadingLevel } from "../components/heading";
import { hrefs } from "../hrefs";
import { bundleDiscount } from "./bundle-discount";

/** A bundle in a list: its name, saving and the webinars it holds. */
export function BundleCard({ bundle, level }: { bundle: WebinarBundle; level: HeadingLevel }) {
  const discount = bundleDiscount(bundle);
  const count = bundle.webinars.length;
  return (
    <li className="card bundle-card">
      <div className="card__body">
        {discount ? (
          <ul className="badges">
            <li className="badge badge--free">{discount}</li>
          </ul>
        ) : null}
        <Heading level={level} className="card__title">
          <a href={hrefs.bundle(bundle.slug)} className="stretched-link">
            {bundle.bundleName}
          </a>
        </Heading>
        {bundle.description ? <p className="card__text">{bundle.description}</p> : null}
        {count > 0 ? (
          <p className="meta">
            {count} {count === 1 ? "webinar" : "webinars"}: {bundle.webinars.map((w) => w.name).join("; ")}
          </p>
        ) : null}
      </div>
    </li>
  );
}
