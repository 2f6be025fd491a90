/** What a visitor reads for each error status, in and out of the site layout. */
export interface ErrorMessage {
  heading: string;
  body: string;
}

const MESSAGES: Record<number, ErrorMessage> = {
  404: { heading: "Page not found", body: "We could not find the page you asked for. It may have moved or been removed." },
  503: {
    heading: "We'll be back shortly",
    body: "Part of our website is temporarily unavailable. Please try again in a few minutes.",
  },
};

export function errorMessage(status: number): ErrorMessage {
  return (
    MESSAGES[status] ??
    (status < 500
      ? { heading: "Request not understood", body: "We could not handle that request." }
      : { heading: "Something went wrong", body: "Something went wrong on our side. Please try again later." })
  );
}
