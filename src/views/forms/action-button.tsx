/** A one-button form that posts to an action with the CSRF token (works without JavaScript). */
export function ActionButton(props: { action: string; csrfToken: string; label: string; secondary?: boolean }) {
  return (
    <form method="post" action={props.action} className="inline-form">
      <input type="hidden" name="csrfToken" value={props.csrfToken} />
      <button type="submit" className={props.secondary ? "button button--secondary" : "button"}>
        {props.label}
      </button>
    </form>
  );
}
