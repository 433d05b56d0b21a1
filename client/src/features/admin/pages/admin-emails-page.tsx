import { useState } from 'react';
import type { TAnnouncement } from '@common/contracts/admin-emails';
import { AdminLayout } from '../components/admin-layout';
import { AnnouncementComposer } from '../components/announcement-composer';
import { AnnouncementList } from '../components/announcement-list';
import { AnnouncementPreviewDialog } from '../components/announcement-preview-dialog';
import { EmailOutboxTable } from '../components/email-outbox-table';

/** /admin/emails: announcements (write, preview, send in batches) and the outbox (status, retry). */
export function AdminEmailsPage() {
  const [previewing, setPreviewing] = useState<TAnnouncement | null>(null);
  return (
    <AdminLayout title="Emails">
      <section aria-labelledby="announcements-heading" className="grid gap-3">
        <h2 id="announcements-heading" className="text-xl font-bold">
          Announcements
        </h2>
        <p className="text-muted">
          Sent to verified members who have not unsubscribed, 50 at a time every 10 seconds. Every mail carries its own unsubscribe link.
        </p>
        <AnnouncementList onPreview={setPreviewing} />
        <AnnouncementComposer onSaved={setPreviewing} />
      </section>
      <EmailOutboxTable />
      {previewing && <AnnouncementPreviewDialog key={previewing.id} announcement={previewing} onClose={() => setPreviewing(null)} />}
    </AdminLayout>
  );
}
