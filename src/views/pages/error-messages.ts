/** What a visitor reads for each error status, in and out of the site layout. */
export interface ErrorMessage {
  heading: string;
  body: string;
}

const MESSAGES: Record<number, ErrorMessage> = {
  403: { heading: "We could not accept that", body: "This request could not be accepted." },
  409: { heading: "This has already changed", body: "Someone has already acted on this. Nothing has been changed." },
  404: { heading: "Page not found", body: "We could not find the page you asked for. It may have moved or been removed." },
  429: { heading: "Too many attempts", body: "Please wait a minute and try again." },
  503: {
    heading: "We'll be back shortly",
    body: "Part of our website is temporarily unavailable. Please try again in a few minutes.",
  },
};

/**
 * What to say for `status`. `detail` is an application error's own message (4xx only: they are
 * written for users), shown in place of the generic body.
 */
export function errorMessage(status: number, detail?: string | null): ErrorMessage {
  const message = pick(status);
  return detail && status < 500 ? { ...message, body: detail } : message;
}

function pick(status: number): ErrorMessage {
  return (
    MESSAGES[status] ??
    (status < 500
      ? { heading: "Request not understood", body: "We could not handle that request." }
      : { heading: "Something went wrong", body: "Something went wrong on our side. Please try again later." })
  );
}
