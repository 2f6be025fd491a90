/**
 * The list of problems at the top of a form (GOV.UK pattern): announced to screen readers when
 * the page loads, each linking to its field.
 */
export interface FieldProblem {
  field: string;
  message: string;
}

export function ErrorSummary({ problems, title = "There is a problem" }: { problems: readonly FieldProblem[]; title?: string }) {
  if (problems.length === 0) return null;
  return (
    <div className="error-summary" role="alert" aria-labelledby="error-summary-title" tabIndex={-1} data-error-summary>
      <h2 id="error-summary-title" className="error-summary__title">
        {title}
      </h2>
      <ul className="error-summary__list">
        {problems.map((problem) => (
          <li key={`${problem.field}:${problem.message}`}>
            <a href={`#${problem.field}`}>{problem.message}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}
