import { Link } from '@/lib/router';

const FAQ = [
  {
    q: "My verification code hasn't arrived",
    a: (
      <>
        <p>
          Codes usually arrive within a minute. Check your spam or junk folder and any &lsquo;Promotions&rsquo; or &lsquo;Other&rsquo; tab, and make
          sure the address you registered with is spelled right. A code lasts 10 minutes; you can ask for a new one from the{' '}
          <Link to="/verify-email">verify email</Link> page (once a minute, up to five times an hour) — only the newest code works.
        </p>
        <p>Still nothing after 15 minutes? Send us a message below from the same address and we&rsquo;ll check what happened.</p>
      </>
    ),
  },
  {
    q: 'How do I reset my password?',
    a: (
      <p>
        Use <Link to="/forgot-password">Forgot password</Link> on the sign-in form and enter your email address. We send a link that works once
        and expires after 30 minutes. Choosing a new password signs you out everywhere else, so a lost phone can&rsquo;t stay signed in.
      </p>
    ),
  },
  {
    q: 'How do I delete my account or get a copy of my data?',
    a: (
      <p>
        Sign in and open your <Link to="/profile">profile</Link>. &lsquo;Download my data&rsquo; gives you a file of your account details, posts,
        comments and messages. &lsquo;Delete account&rsquo; removes your account and profile for good; your posts stay in the discussions but show
        &lsquo;Anonymous&rsquo;. Can&rsquo;t sign in any more? Write to us from the account&rsquo;s email address and we&rsquo;ll do it for you under
        UK GDPR, usually within a week and always within one month.
      </p>
    ),
  },
  {
    q: 'How do I report a post, comment or member?',
    a: (
      <p>
        Signed-in members can use the Report button on any post, comment or profile and say what is wrong; a moderator reviews every report. For
        anything urgent or illegal — threats, someone&rsquo;s personal details, scams — use the form below with a link to the page as well. Read the{' '}
        <Link to="/community-guidelines">community guidelines</Link> for what is and isn&rsquo;t allowed.
      </p>
    ),
  },
  {
    q: 'Can I advertise on the forum?',
    a: (
      <p>
        Yes — we take a small number of ads relevant to couriers and drivers (insurance, vehicles, accounting, kit and jobs). Send us a message
        with &lsquo;Advertising&rsquo; in the subject, your company, what you&rsquo;d like to promote and your budget, and we&rsquo;ll send our rates.
        We don&rsquo;t accept ads for get-rich-quick schemes, payday loans or anything that breaks our guidelines.
      </p>
    ),
  },
];

/** Short answers to what people ask most, before they write. */
export function SupportFaq() {
  return (
    <section aria-labelledby="faq-heading" className="grid gap-3">
      <h2 id="faq-heading" className="text-xl font-bold">
        Common questions
      </h2>
      <div className="grid gap-2">
        {FAQ.map((item) => (
          <details key={item.q} className="group rounded-lg border-2 border-line bg-card px-4 py-2 open:pb-4">
            <summary className="min-h-11 cursor-pointer content-center font-semibold">{item.q}</summary>
            <div className="grid gap-2 pt-1 text-ink [&_a]:text-link [&_a]:underline">{item.a}</div>
          </details>
        ))}
      </div>
    </section>
  );
}
