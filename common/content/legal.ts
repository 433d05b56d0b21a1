import type { ContentPage } from './types.ts';

// Terms, privacy and community guidelines. The cookie table must match the consent categories of
// the Cookie Preferences dialog (Essential, Analytics, Functional, Marketing) and the storage keys
// the client really uses; change both together.

const UPDATED = '2026-11-22';

export const TERMS: ContentPage = {
  path: '/terms',
  title: 'Terms of Service',
  description: 'The terms for using Kerbside, the free community forum for UK couriers and delivery drivers: accounts, your posts, moderation and liability.',
  lastReviewed: UPDATED,
  lastReviewedLabel: 'Last updated',
  toc: true,
  intro: [
    'These terms apply when you use Kerbside, the free community forum for UK couriers, delivery drivers, owner drivers and logistics workers. Kerbside is run by the Kerbside community team ("we", "us"). By using the site you agree to these terms, to our [community guidelines](/community-guidelines) and to how we handle data as set out in our [privacy policy](/privacy). You can reach us at any time through the [support form](/support).',
  ],
  sections: [
    {
      id: 'using-kerbside',
      heading: 'Using Kerbside',
      blocks: [
        {
          type: 'list',
          items: [
            'Anyone can read the forum, the courier guide and the pay estimator. To post, comment, vote, react, message other members or use the member directory you need an account with a verified email address.',
            'You must be 16 or over to create an account.',
            'One account per person. Give accurate details, keep your password to yourself and tell us through the [support form](/support) if you think someone else has used your account.',
            'Kerbside is free. We may show clearly marked adverts and bulletins.',
          ],
        },
      ],
    },
    {
      id: 'your-content',
      heading: 'Your posts, comments and messages',
      blocks: [
        {
          type: 'list',
          items: [
            'You keep ownership of what you write. By posting it you give us a non-exclusive, royalty-free licence to store, display, format and share it on Kerbside (including in search results and share links) for as long as it stays on the site.',
            'You are responsible for what you post. Only post what you have the right to share, and follow the [community guidelines](/community-guidelines).',
            'Posts and comments are public: anyone, including search engines, can read them. Private messages are seen only by the people in the conversation, and by our moderators only when we must investigate a report, a serious breach of these terms or a legal request.',
            'You can edit or delete your own posts and comments. If you delete your account, your posts and comments stay but show as written by "Anonymous", so discussions still make sense; delete anything you do not want to remain before you delete your account.',
          ],
        },
      ],
    },
    {
      id: 'moderation',
      heading: 'Moderation and suspension',
      blocks: [
        {
          type: 'p',
          text: 'We may remove or hide content, and suspend an account or its access to chat, when content or behaviour breaks these terms or the community guidelines, when the law requires it, or to protect members. How we moderate, and how to appeal, is explained in the [community guidelines](/community-guidelines#moderation). We record every moderation action so decisions can be reviewed.',
        },
      ],
    },
    {
      id: 'information-not-advice',
      heading: 'Information, not advice',
      blocks: [
        {
          type: 'p',
          text: 'The courier guide, the pay estimator and what members post are general information. They are not legal, tax, financial or employment advice, and the pay estimator gives estimates only. Figures change, so check the official source (for example GOV.UK and HMRC) or a qualified adviser before you make a decision. Members speak for themselves, not for Kerbside.',
        },
      ],
    },
    {
      id: 'third-parties',
      heading: 'Adverts, jobs and other websites',
      blocks: [
        {
          type: 'p',
          text: 'Adverts, job listings and links to other websites are the responsibility of whoever publishes them. We do not vet employers or guarantee any work advertised or discussed on Kerbside. Do not pay anyone to get work, and report anything suspicious through the [support form](/support).',
        },
      ],
    },
    {
      id: 'availability-and-liability',
      heading: 'Availability and liability',
      blocks: [
        {
          type: 'list',
          items: [
            'We work to keep Kerbside available and your data safe, but we provide the site as it is and cannot promise it will always be available or free of errors. We may change or withdraw features, and take the site down for maintenance.',
            'As Kerbside is free, we are not liable for indirect losses or for loss of income, business or data arising from using the site, as far as the law allows.',
            'Nothing in these terms limits liability for death or personal injury caused by negligence, for fraud, or for anything else that cannot be limited by law, and nothing affects your statutory rights as a consumer.',
          ],
        },
      ],
    },
    {
      id: 'ending',
      heading: 'Ending your use of Kerbside',
      blocks: [
        {
          type: 'p',
          text: 'You can stop using Kerbside and delete your account at any time from your profile page. We may close an account that seriously or repeatedly breaks these terms, after telling you why unless the law or the safety of others prevents it.',
        },
      ],
    },
    {
      id: 'changes-and-law',
      heading: 'Changes and the law that applies',
      blocks: [
        {
          type: 'list',
          items: [
            'We may update these terms. We will show the new date at the top of this page and, for important changes, tell members by email or a notice on the site before the change takes effect.',
            'These terms are governed by the law of England and Wales. If you live in Scotland or Northern Ireland you can also bring proceedings in your local courts.',
            'Questions about these terms: use the [support form](/support).',
          ],
        },
      ],
    },
  ],
};

export const PRIVACY: ContentPage = {
  path: '/privacy',
  title: 'Privacy Policy',
  description: 'How Kerbside collects, uses and protects personal data under UK GDPR: what we store, why, for how long, cookies, and how to export or delete your data.',
  lastReviewed: UPDATED,
  lastReviewedLabel: 'Last updated',
  toc: true,
  intro: [
    'This policy explains what personal data Kerbside collects, why, how long we keep it and the rights you have under the UK General Data Protection Regulation (UK GDPR), the Data Protection Act 2018 and the Privacy and Electronic Communications Regulations (PECR). We never sell your data.',
  ],
  sections: [
    {
      id: 'who-we-are',
      heading: 'Who we are and how to contact us',
      blocks: [
        {
          type: 'p',
          text: 'Kerbside, the community forum for UK couriers and delivery drivers, is run by the Kerbside community team, which is the controller of the personal data described here. For any privacy question or request, contact us through the [support form](/support) and choose a subject starting "Privacy". We reply within one month.',
        },
      ],
    },
    {
      id: 'what-we-collect',
      heading: 'What we collect and why',
      blocks: [
        {
          type: 'table',
          caption: 'Personal data, purposes and lawful bases',
          head: ['Data', 'Why we use it', 'Lawful basis'],
          rows: [
            [
              'Account data: email address, username, first and last name, password (stored only as a secure hash), avatar, status text, sign-up and verification dates',
              'To create and run your account, verify your email, let you sign in and reset your password, and show your public profile',
              'Contract: providing the service you signed up for',
            ],
            [
              'Posts, comments, votes, reactions and shares',
              'To publish your contributions and keep counts and discussions accurate',
              'Contract',
            ],
            [
              'Poll votes: the options you chose in a poll, and when',
              'To count the poll and let you change or withdraw your vote. Only the counts are ever shown: nobody, not even the poll\u2019s author, sees who voted for what. They are in your data download',
              'Contract',
            ],
            [
              'Photos you attach to posts, comments and messages',
              'To show them where you put them. Before a photo is stored we remove every piece of hidden information in the file, including where and when it was taken (GPS location and camera details), and keep resized copies so it loads quickly on a phone',
              'Contract',
            ],
            [
              'Private messages and chat settings (such as people you block)',
              'To deliver messages between members and protect members from unwanted contact',
              'Contract; legitimate interests in keeping members safe',
            ],
            [
              'Notifications and email preferences',
              'To tell you about replies and activity, and send the emails you have not opted out of',
              'Contract; legitimate interests for service announcements, which you can turn off',
            ],
            [
              'Your courier profile, if you fill it in: the networks you work for, your vehicle, your home postcode area (only its letters, such as LS or M: never your postcode or district), your years on the road and how you are engaged',
              'To show other drivers who is giving advice, and let members find drivers by network, area and vehicle in the directory. Each part shows only to whom you choose: everyone (also beside your posts), members, or only you; a part you keep to yourself is never shown and never matched by a directory filter. You can change or clear it at any time in your profile settings',
              'Consent: you choose what to fill in and who sees it',
            ],
            [
              'Proof for the verified courier badge, if you ask for it: one photo of your courier badge, an app screen or a payslip, and the network you name',
              'So a moderator can check that you drive for that network before your posts show "Verified courier". Only moderators see the photo, on the review screen; it is never published. We keep it as pixels only (its hidden details, such as where it was taken, are removed) and delete it as soon as a moderator decides, or when you cancel. We keep the decision (the network, the date, who decided and any reason) for the badge and the audit log',
              'Consent: you choose to ask for the badge',
            ],
            [
              'Who wrote an anonymous post or reply: we keep your account on it, with the label readers see (such as "A verified Evri courier in LS")',
              'So the rules, limits, blocks and suspensions still apply to what you write anonymously, and so you can edit or delete it and hear of replies. Nobody else is shown that it is yours. An admin can see who wrote it only by recording a reason, which every admin can read in the audit log; we do this for abuse, threats or a legal request',
              'Legitimate interests: a safe forum; you choose to post anonymously',
            ],
            [
              'Pay reports to the Courier Pay Index: network, how you were engaged, vehicle, the area of your postcode (only its letters, such as M or BS: never the full postcode or district), the dates worked, hours, drops, miles, pay and costs',
              'To publish the Courier Pay Index. Only you and our admins ever see a report; the index shows only figures (median and quartiles) that rest on at least 5 reports from at least 5 different members, and reports drop out of it after 24 months. You can edit or delete your reports at any time on the Your pay reports page (/pay/mine)',
              'Consent: you choose to send each report',
            ],
            [
              'Support requests: your name, email address and message',
              'To answer you and keep a record of what was agreed',
              'Legitimate interests in helping members and handling complaints',
            ],
            [
              'Reports and moderation records',
              'To act on reports, apply the community guidelines and review appeals',
              'Legitimate interests in a safe forum; legal obligation where the law requires action on illegal content',
            ],
            [
              'Sessions and server logs: IP address, browser (user agent), pages requested, time, errors',
              'To keep you signed in, keep the site secure, limit abuse such as repeated failed sign-ins, and fix faults',
              'Legitimate interests in a secure, working service; strictly necessary storage under PECR',
            ],
            [
              'First-party analytics: pages viewed, time on page, scroll depth, actions such as searches and votes, page-speed measurements, a random session id',
              'To understand which parts of Kerbside help drivers and make pages faster',
              'Consent: only if you switch on Analytics in Cookie Settings',
            ],
          ],
        },
        {
          type: 'p',
          text: 'We do not ask for special category data (such as health, religion or ethnicity). Please do not post it, or anyone else\u2019s personal details, in public.',
        },
      ],
    },
    {
      id: 'retention',
      heading: 'How long we keep it',
      blocks: [
        {
          type: 'table',
          caption: 'Retention periods',
          head: ['Data', 'Kept for'],
          rows: [
            ['Sign-in sessions', '30 days from sign-in, or until you sign out'],
            ['Passkeys and two-step sign-in: your passkeys\u2019 public keys and names, your authenticator app\u2019s secret, your recovery codes (as hashes) and the devices you asked us to remember', 'Until you remove them or turn two-step sign-in off; a remembered device for 30 days; all of them when you delete your account'],
            ['Verification codes and password reset links', 'Until used or expired, whichever comes first'],
            ['Account, posts, comments, votes (poll votes too) and reactions', 'While your account exists. When you delete your account it is anonymised at once: your name, email address, username and profile are removed and your posts and comments show as "Anonymous"'],
            ['Proof sent for the verified courier badge', 'Until a moderator decides or you cancel the request, then deleted at once; the decision is kept while your account exists'],
            ['Photos', 'While a post, comment or message shows them. A photo you upload but never use is deleted after 24 hours; when you delete your account, your photos are deleted at once'],
            ['Private messages', 'While the conversation exists; after you delete your account, the other member keeps the conversation, with you shown as a deleted member'],
            ['Analytics and page-speed records', '13 months, then deleted'],
            ['Support tickets', '2 years after the ticket is closed'],
            ['Moderation records and the admin audit log', '2 years after the action, or longer if needed for an ongoing dispute or legal claim'],
            ['Server logs', '30 days'],
            ['Copies of emails we send', '90 days'],
          ],
        },
      ],
    },
    {
      id: 'processors',
      heading: 'Who we share it with',
      blocks: [
        {
          type: 'list',
          items: [
            'Hosting provider: runs our servers and database. It processes data only on our instructions.',
            'Email delivery provider: sends verification codes, password reset links, notifications and replies to support requests on our behalf.',
            'Google (Google Tag Manager and Google Analytics), only if we enable them and only if you consent to Analytics; Google AdSense only if we enable it and you consent to Marketing. IP addresses are anonymised and ad personalisation is off.',
            'Authorities, when the law requires it, for example a court order, or to protect someone from serious harm.',
          ],
        },
        {
          type: 'p',
          text: 'Where a provider processes data outside the UK, we rely on UK adequacy regulations or the International Data Transfer Agreement or Addendum to protect it.',
        },
      ],
    },
    {
      id: 'your-rights',
      heading: 'Your rights and how to use them',
      blocks: [
        {
          type: 'list',
          items: [
            'Access and portability: download a copy of your data (profile, posts, comments, votes, reactions, shares, notifications and messages) as a JSON file from your [profile page](/profile).',
            'Correction: edit your name, avatar, status and email address on your profile page.',
            'Erasure: delete your account from your profile page. It is anonymised straight away, as described above.',
            'Withdraw consent: change Analytics, Functional and Marketing at any time in Cookie Settings, at the bottom of every page. Withdrawing does not affect what was done before.',
            'Objection and restriction: you can object to processing based on legitimate interests, or ask us to restrict processing, through the [support form](/support).',
            'You can make any request through the support form too. We answer within one month and may ask you to confirm your identity.',
            'If you are unhappy with how we handle your data, please tell us first. You can also complain to the Information Commissioner\u2019s Office: [ico.org.uk](https://ico.org.uk/make-a-complaint/) or 0303 123 1113.',
          ],
        },
      ],
    },
    {
      id: 'cookies',
      heading: 'Cookies and storage on your device',
      blocks: [
        {
          type: 'p',
          text: 'Kerbside uses one cookie and your browser\u2019s local and session storage, and for working offline its service worker, cache storage and IndexedDB. Only Essential storage is used until you make a choice; Analytics, Functional and Marketing stay off until you switch them on, in the banner or in Cookie Settings at the bottom of every page.',
        },
        {
          type: 'table',
          caption: 'Essential: always on, needed for the site to work',
          head: ['Name', 'Type', 'Purpose', 'Expires'],
          rows: [
            ['sid (__Host-sid on HTTPS)', 'Cookie, HttpOnly', 'Keeps you signed in. Set only when you sign in.', '30 days, or when you sign out'],
            ['cookie_consent, cookie_preferences', 'Local storage', 'Remembers that you made a choice and what you chose.', 'Until you change your choice or clear your browser'],
            ['welcomeBannerDismissed', 'Local storage', 'Remembers that you closed the welcome banner.', 'Until you clear your browser'],
            ['pushPromptDeclined', 'Local storage', 'Remembers that you said \u201cNot now\u201d to push notifications (or your browser blocked them), so you are not asked again.', 'Until you clear your browser'],
            ['pendingVerificationEmail', 'Local storage', 'The address waiting for a verification code, so the verification screen can be reopened.', 'Removed once the address is verified'],
            ['dismissedBulletins', 'Local storage', 'The bulletins you closed, so they stay closed.', 'Until you clear your browser'],
            ['theme', 'Local storage', 'Whether you chose Light or Dark for this device; without it the site follows your device\u2019s own setting.', 'Until you choose System or clear your browser'],
            ['kerbside:member:*', 'Local storage', 'Posts, comments and messages you have not finished or that have not yet reached us, kept under your account so nothing you write is lost and nobody else on this device sees them.', 'Removed once sent or discarded, and all of them when you sign out'],
            ['deviceMember', 'Local storage', 'Which member is signed in on this device, so their drafts are found again and removed when they sign out.', 'Until you sign out'],
            ['returnTo', 'Session storage', 'The page to take you back to after you sign in.', 'When you close the tab'],
            ['react-router-scroll-positions', 'Session storage', 'Where you had scrolled to on each page, so Back returns you to the same place in a long list.', 'When you close the tab'],
            ['Service worker (sw.js): workbox-precache-*, kerbside-offline-pages-*', 'Service worker, cache storage', 'The site\u2019s own files and copies of the courier guide, the pay estimator and these legal pages, so the site opens quickly and they work offline. Nothing about you.', 'Replaced by each new version of the site; until you clear your browser'],
            ['kerbside-post-pages-*, kerbside-guest-post-reads, kerbside-guest-post-comments', 'Cache storage', 'The last 20 posts you opened, as someone not signed in sees them (nothing about you is in them), so you can read them without a connection.', 'The oldest goes after 20; all of them when you sign in or out, or when your session ends'],
            ['kerbside-member-seen', 'Cache storage', 'Empty: it says a member used the site on this device, so the posts and photos kept from their reading go when their session ends.', 'When you sign in or out, or when your session ends'],
            ['kerbside-photos', 'Cache storage', 'The photos you last looked at, so posts kept for offline show their photos and nothing is downloaded twice.', '30 days; the oldest goes after 150; all of them when you sign in or out, or when your session ends'],
            ['kerbside-offline-writes', 'IndexedDB', 'Posts and comments you wrote without a connection, kept on your device until they reach us, so each is sent once when the connection returns.', 'Removed once sent or discarded'],
          ],
        },
        {
          type: 'table',
          caption: 'Analytics: only with your consent',
          head: ['Name', 'Type', 'Purpose', 'Expires'],
          rows: [
            ['analytics_session_id, analytics_session_start', 'Session storage', 'A random id and start time for this visit, for our own first-party analytics. Nothing is shared with third parties.', 'When you close the tab'],
            ['vitals_sampled', 'Session storage', 'Whether this visit is one of the sample whose page speed we measure.', 'When you close the tab'],
            ['_ga, _ga_*', 'Cookies (Google)', 'Google Analytics through Google Tag Manager, only if we enable it and you consent.', 'Set by Google, up to 2 years; removed when you clear cookies'],
          ],
        },
        {
          type: 'table',
          caption: 'Functional: only with your consent',
          head: ['Feature', 'Type', 'Purpose', 'Expires'],
          rows: [
            ['Live chat windows', 'Uses the Essential storage above', 'On a large screen, opens conversations in floating windows while you browse, and opens a window when a new message arrives. Without it, conversations open on the Inbox page; new-message alerts and your inbox work either way.', 'Not applicable'],
          ],
        },
        {
          type: 'table',
          caption: 'Marketing: currently not used',
          head: ['Name', 'Type', 'Purpose', 'Expires'],
          rows: [
            ['Google AdSense cookies', 'Cookies (Google)', 'Not used at present. If we enable AdSense, it loads only with your Marketing consent, with ad personalisation off.', 'Set by Google'],
          ],
        },
      ],
    },
    {
      id: 'security',
      heading: 'Security',
      blocks: [
        {
          type: 'p',
          text: 'Passwords are stored only as salted hashes (argon2id), and codes and sign-in tokens only as hashes. Connections are encrypted, access to personal data is limited to the people who need it to run the site, and every admin action is logged. If a breach puts your data at risk, we will tell you and the ICO as the law requires.',
        },
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to this policy',
      blocks: [
        {
          type: 'p',
          text: 'We will update the date at the top of this page when this policy changes, and tell members by email or a notice on the site about important changes.',
        },
      ],
    },
  ],
};

export const COMMUNITY_GUIDELINES: ContentPage = {
  path: '/community-guidelines',
  title: 'Community Guidelines',
  description: 'How to take part in Kerbside: be respectful, keep people safe, what is not allowed, how reports and moderation work, and how to appeal.',
  lastReviewed: UPDATED,
  lastReviewedLabel: 'Last updated',
  toc: true,
  intro: [
    'Kerbside is a place for couriers and drivers to help each other: swap tips on rounds, vehicles, pay and tax, and back each other up on bad days. These guidelines apply to posts, comments, reactions, profiles and private messages, alongside our [terms](/terms).',
  ],
  sections: [
    {
      id: 'principles',
      heading: 'Our principles',
      blocks: [
        {
          type: 'list',
          items: [
            'Be respectful. We are all doing the same job. Disagree with ideas, not people.',
            'Be helpful. Share what you know and say where it came from; say when you are not sure.',
            'Keep people safe: other members, customers and yourself.',
            'Keep it on topic and in the right category, so others can find it.',
          ],
        },
      ],
    },
    {
      id: 'not-allowed',
      heading: 'What is not allowed',
      blocks: [
        {
          type: 'list',
          items: [
            'Harassment, bullying, threats or personal attacks, including repeated unwanted messages.',
            'Hate speech or discrimination on the basis of race, ethnicity, nationality, religion, sex, gender identity, sexual orientation, disability or age.',
            'Sharing anyone\u2019s personal details without permission, including customers\u2019 names, addresses, phone numbers and photos of parcel labels or doors.',
            'Illegal content or activity: fraud, theft, selling or renting delivery app accounts, arranging work that avoids right-to-work checks, dealing in stolen goods, or encouraging violence.',
            'Encouraging dangerous or illegal driving, such as using a phone while driving or ignoring drivers\u2019 hours rules.',
            'Spam and unsolicited advertising, referral-code spam, and posting the same thing in many places. Recruiting is allowed only where a category says so, with honest pay and terms.',
            'Impersonating another person, a company or Kerbside staff.',
            'Sexual or graphic violent content, and links to malware or scams.',
            'Deliberately false information presented as fact, especially about pay, tax or the law.',
          ],
        },
      ],
    },
    {
      id: 'reporting',
      heading: 'Reporting a problem',
      blocks: [
        {
          type: 'p',
          text: 'If you see something that breaks these guidelines, use the Report button on the post or comment, or on the member\u2019s profile for a problem with a member or their private messages. You can also write to us through the [support form](/support). Say what is wrong and why it concerns you. Reports are seen only by our moderators; the person you report is not told who reported them. You can also block a member so they cannot message you.',
        },
        {
          type: 'note',
          text: 'If someone is in immediate danger, call 999. For crimes such as threats or fraud, also report to the police on 101 or to Action Fraud.',
        },
      ],
    },
    {
      id: 'moderation',
      heading: 'How moderation works',
      blocks: [
        {
          type: 'p',
          text: 'Our moderators (Kerbside admins) review reports and what they find themselves. They look at the content, its context and the member\u2019s history, and take the lightest action that solves the problem:',
        },
        {
          type: 'list',
          ordered: true,
          items: [
            'No action, when the content is within the guidelines.',
            'Removing or hiding a post, comment or message, usually with a note to the author.',
            'A warning to the member.',
            'Suspending the member\u2019s access to chat, for problems in private messages.',
            'Suspending the account, for serious or repeated breaches. A suspended account cannot be signed in to while the suspension lasts; its existing posts stay visible unless they are removed.',
          ],
        },
        {
          type: 'p',
          text: 'Illegal content is removed as soon as we are aware of it, and we act on our duties under the Online Safety Act 2023. Every moderation action is recorded in an audit log, so decisions can be checked and reviewed.',
        },
      ],
    },
    {
      id: 'appeals',
      heading: 'Appeals and complaints',
      blocks: [
        {
          type: 'p',
          text: 'If you think a moderation decision about you or your content was wrong, appeal through the [support form](/support) within 30 days, with the subject "Appeal" and what you think we got wrong. A different admin from the one who made the decision reviews it where possible, and we tell you the outcome and the reason. You can use the same form to complain about content, or about how we handle reports.',
        },
      ],
    },
  ],
};

/** The same page at both addresses (spec §2). */
export const PRIVACY_PATHS = ['/privacy', '/privacy-policy'] as const;
