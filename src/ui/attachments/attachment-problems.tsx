import './attachments.css';

/** Why attachments were refused or could not be sent, one sentence each. */
export function AttachmentProblems({ problems }: { problems: readonly string[] }) {
  if (problems.length === 0) return null;
  return (
    <ul className="attachment-problems" role="alert" data-testid="attachment-refusal">
      {problems.map((problem) => (
        <li key={problem}>{problem}</li>
      ))}
    </ul>
  );
}
