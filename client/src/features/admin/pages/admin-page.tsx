import { Link, useLocation } from 'react-router';
import { SimplePage } from '@/components/ui/simple-page';

const SECTIONS = [
  { path: '/admin', title: 'Admin', text: 'An overview of the forum: members, posts and reports needing attention.' },
  { path: '/admin/support', title: 'Support requests', text: 'Messages sent through the Contact us form, to read and answer.' },
  { path: '/admin/emails', title: 'Emails', text: 'The emails the forum sent (verification codes, password resets) and their delivery.' },
  { path: '/admin/ads', title: 'Ad slots', text: 'The ad slots of the forum, where they show and on which devices.' },
  { path: '/admin/analytics', title: 'Analytics', text: 'Visits, page views and actions of members who consented to analytics.' },
] as const;

/** All admin screens; each will get its tools in a later change. */
export function AdminPage() {
  const { pathname } = useLocation();
  const section = SECTIONS.find((s) => s.path === pathname.replace(/\/$/, '')) ?? SECTIONS[0];
  return (
    <SimplePage title={section.title} noindex>
      <p>{section.text} These tools are on their way.</p>
      <nav aria-label="Admin sections">
        <ul className="flex flex-wrap gap-2">
          {SECTIONS.map((s) => (
            <li key={s.path}>
              <Link
                to={s.path}
                aria-current={s.path === section.path ? 'page' : undefined}
                className="inline-flex min-h-11 items-center rounded-lg border border-line bg-white px-3 font-semibold aria-[current=page]:border-brand-800 aria-[current=page]:bg-brand-50"
              >
                {s.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </SimplePage>
  );
}
