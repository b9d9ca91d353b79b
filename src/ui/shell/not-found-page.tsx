import { Link } from 'wouter';

export function NotFoundPage() {
  return (
    <div className="empty-page">
      <h1>Nothing here</h1>
      <p>
        This address does not belong to any screen. <Link href="/">Start a new conversation</Link>.
      </p>
    </div>
  );
}
