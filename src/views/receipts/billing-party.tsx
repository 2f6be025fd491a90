import type { BillingDetails } from "../../shared/billing-details";

export interface BillingPartyProps {
  /** The heading when no organisation is invoiced: "Received from", "Refunded to", "Invoice to". */
  heading: string;
  /** The person: the member or buyer the document is for. */
  person: { name: string | null; email: string };
  billing: BillingDetails | null;
  /** The heading over the organisation, when there is one: "Invoice to" unless said otherwise. */
  organisationHeading?: string;
}

/**
 * Who a money document is made out to. With billing details, the organisation comes first ("Invoice
 * to": its name, billing address, purchase-order number and VAT number) and the person after it,
 * as the one the membership or order is for; without, the person alone under `heading`.
 */
export function BillingParty({ heading, person, billing, organisationHeading = "Invoice to" }: BillingPartyProps) {
  const personLines = (
    <>
      {person.name ? <span className="receipt__line">{person.name}</span> : null}
      <span className="receipt__line">{person.email}</span>
    </>
  );
  if (!billing) {
    return (
      <>
        <h2 className="receipt__heading">{heading}</h2>
        <p className="receipt__payer">{personLines}</p>
      </>
    );
  }
  return (
    <div className="receipt__parties">
      <div>
        <h2 className="receipt__heading">{organisationHeading}</h2>
        <p className="receipt__payer" data-billing-party="">
          {billing.organisation ? <span className="receipt__line receipt__organisation">{billing.organisation}</span> : null}
          {billing.address.map((line, i) => (
            <span className="receipt__line" key={i}>
              {line}
            </span>
          ))}
          {billing.purchaseOrder ? <span className="receipt__line">{`Purchase order: ${billing.purchaseOrder}`}</span> : null}
          {billing.vatId ? <span className="receipt__line">{`VAT number: ${billing.vatId}`}</span> : null}
        </p>
      </div>
      <div>
        <h2 className="receipt__heading">For</h2>
        <p className="receipt__payer">{personLines}</p>
      </div>
    </div>
  );
}
