/** The finance pages' own tabs: the ledger and the quarterly VAT summary. */
import { hrefs } from "../../shared/links";

export function FinanceTabs({ current }: { current: "ledger" | "vat" }) {
  return (
    <nav className="staff-tabs" aria-label="Finance">
      <ul>
        <li>
          <a href={hrefs.staffFinance()} aria-current={current === "ledger" ? "page" : undefined}>
            Ledger
          </a>
        </li>
        <li>
          <a href={hrefs.staffVatSummary()} aria-current={current === "vat" ? "page" : undefined}>
            VAT summary
          </a>
        </li>
      </ul>
    </nav>
  );
}
