/**
 * A membership fee staff took in person from a member they add by hand (someone who joined and
 * paid at the conference, say): how it was paid, in the words the payment reference and the
 * receipt carry. The money did not pass through Stripe, so it is an offline payment.
 */
export const IN_PERSON_WAYS = ["cash", "cheque", "card_machine", "bank_transfer"] as const;

export type InPersonWay = (typeof IN_PERSON_WAYS)[number];

export const IN_PERSON_WAY_WORDS: Readonly<Record<InPersonWay, string>> = {
  cash: "Cash",
  cheque: "Cheque",
  card_machine: "Card machine",
  bank_transfer: "Bank transfer",
};

export interface InPersonPayment {
  amountPence: number;
  way: InPersonWay;
  /** The day the money was taken (YYYY-MM-DD, London). */
  receivedOn: string;
  /** The cheque number, the card machine's slip number…; null when there is none. */
  reference: string | null;
}
