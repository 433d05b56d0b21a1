import { Link, useParams } from 'react-router';
import { SimplePage } from '@/components/ui/simple-page';

/** '/inbox' and '/inbox/{id}'. */
export function InboxPage() {
  const { id } = useParams();
  return (
    <SimplePage title="Inbox" heading={id ? 'Conversation' : 'Inbox'} noindex>
      <p>
        {id
          ? 'The messages of this conversation will show here, with replies in real time.'
          : 'Your private conversations with other members will be listed here, newest first, with unread counts.'}
      </p>
      <p>
        Messaging is on its way. Meanwhile, the{' '}
        <Link to="/forum" className="link">
          forum
        </Link>{' '}
        is open.
      </p>
    </SimplePage>
  );
}
