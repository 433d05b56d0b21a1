import { SimplePage } from '@/components/ui/simple-page';

export function UserDirectoryPage() {
  return (
    <SimplePage title="Member Directory" noindex>
      <p>
        Find other verified members here: search by username or status, sort by name or join date, view profiles and send
        a message. The directory is on its way.
      </p>
    </SimplePage>
  );
}
