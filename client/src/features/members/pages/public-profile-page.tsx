import { Link, useParams, useSearchParams } from 'react-router';
import { SimplePage } from '@/components/ui/simple-page';

export function PublicProfilePage() {
  const { username = '' } = useParams();
  const [params] = useSearchParams();
  const fromDirectory = params.get('from') === 'directory';
  return (
    <SimplePage title={`@${username}`} noindex>
      <p>This member's public profile (their role, status and recent posts) will show here soon.</p>
      <p>
        <Link to={fromDirectory ? '/directory/users' : '/forum'} className="link">
          {fromDirectory ? 'Back to the directory' : 'Back to the forum'}
        </Link>
      </p>
    </SimplePage>
  );
}
