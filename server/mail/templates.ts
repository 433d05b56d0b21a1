import { wordList } from '../../common/rules/notification-mail.ts';
import { escapeHtml } from '../lib/html.ts';

// Transactional mails: plain text first (what the dev outbox prints), and a simple HTML twin.
export type MailContent = { subject: string; text: string; html: string };

/** `footer`: the closing small print, as HTML (by default: why this address got the mail). */
function layout(appName: string, body: string, footer = `You received this email because this address was used on ${escapeHtml(appName)}.`) {
  return `<!doctype html><html lang="en-GB"><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<p style="font-size:20px;font-weight:bold;margin:0 0 16px">${escapeHtml(appName)}</p>
${body}
<p style="color:#6b7280;font-size:12px;margin-top:32px">${footer}</p>
</body></html>`;
}

export function verificationCodeMail(opts: { appName: string; firstName: string; code: string }): MailContent {
  const { appName, firstName, code } = opts;
  return {
    subject: `Your ${appName} verification code`,
    text: [
      `Hi ${firstName},`,
      '',
      `Your ${appName} verification code is: ${code}`,
      '',
      'It expires in 10 minutes.',
      '',
      `If you did not create a ${appName} account, you can ignore this email.`,
    ].join('\n'),
    html: layout(
      appName,
      `<p>Hi ${escapeHtml(firstName)},</p>
<p>Your ${escapeHtml(appName)} verification code is:</p>
<p style="font-size:32px;font-weight:bold;letter-spacing:6px;margin:16px 0">${code}</p>
<p>It expires in 10 minutes.</p>
<p>If you did not create a ${escapeHtml(appName)} account, you can ignore this email.</p>`,
    ),
  };
}

export function passwordResetMail(opts: { appName: string; firstName: string; link: string }): MailContent {
  const { appName, firstName, link } = opts;
  return {
    subject: `Reset your ${appName} password`,
    text: [
      `Hi ${firstName},`,
      '',
      `Someone asked to reset the password of your ${appName} account. To choose a new password, open this link:`,
      '',
      link,
      '',
      'The link works once and expires in 30 minutes.',
      '',
      'If you did not ask for this, you can ignore this email: your password stays the same.',
    ].join('\n'),
    html: layout(
      appName,
      `<p>Hi ${escapeHtml(firstName)},</p>
<p>Someone asked to reset the password of your ${escapeHtml(appName)} account.</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">Choose a new password</a></p>
<p style="font-size:13px;color:#4b5563">Or paste this link into your browser:<br>${escapeHtml(link)}</p>
<p>The link works once and expires in 30 minutes.</p>
<p>If you did not ask for this, you can ignore this email: your password stays the same.</p>`,
    ),
  };
}

export function emailChangeCodeMail(opts: { appName: string; firstName: string; code: string }): MailContent {
  const { appName, firstName, code } = opts;
  return {
    subject: `Confirm your new ${appName} email address`,
    text: [
      `Hi ${firstName},`,
      '',
      `You asked to use this address for your ${appName} account. Your confirmation code is: ${code}`,
      '',
      'It expires in 10 minutes. Your email address changes only once the code is entered.',
      '',
      'If you did not ask for this, you can ignore this email.',
    ].join('\n'),
    html: layout(
      appName,
      `<p>Hi ${escapeHtml(firstName)},</p>
<p>You asked to use this address for your ${escapeHtml(appName)} account. Your confirmation code is:</p>
<p style="font-size:32px;font-weight:bold;letter-spacing:6px;margin:16px 0">${code}</p>
<p>It expires in 10 minutes. Your email address changes only once the code is entered.</p>
<p>If you did not ask for this, you can ignore this email.</p>`,
    ),
  };
}

/** To the old address once the change is done; the new one is partly hidden (the old inbox may not be theirs any more). */
export function emailChangedNoticeMail(opts: { appName: string; firstName: string; newEmailMasked: string; supportUrl: string }): MailContent {
  const { appName, firstName, newEmailMasked, supportUrl } = opts;
  return {
    subject: `Your ${appName} email address was changed`,
    text: [
      `Hi ${firstName},`,
      '',
      `The email address of your ${appName} account was changed to ${newEmailMasked}. Mail about your account now goes there.`,
      '',
      `If you did not make this change, contact us at once: ${supportUrl}`,
    ].join('\n'),
    html: layout(
      appName,
      `<p>Hi ${escapeHtml(firstName)},</p>
<p>The email address of your ${escapeHtml(appName)} account was changed to <strong>${escapeHtml(newEmailMasked)}</strong>. Mail about your account now goes there.</p>
<p>If you did not make this change, <a href="${escapeHtml(supportUrl)}">contact us</a> at once.</p>`,
    ),
  };
}

/**
 * To the owner of an address someone tried to register again. Register answers as for a new address
 * (no account enumeration), so this mail is where the person learns the account exists. An account
 * still waiting for its code gets a fresh one here, so someone who lost the first mail can finish.
 */
export function signUpAttemptMail(opts: {
  appName: string;
  firstName: string;
  username: string;
  signInUrl: string;
  forgotPasswordUrl: string;
  /** Only for an account that is not verified yet. */
  code?: string;
}): MailContent {
  const { appName, firstName, username, signInUrl, forgotPasswordUrl, code } = opts;
  const intro = `Someone (perhaps you) tried to create a new ${appName} account with this email address, which already belongs to an account: ${username}.`;
  // Links on lines of their own, so no mail program takes a full stop into them.
  const passwordHint = code
    ? ['The account signs in with the password chosen when it was created. If you do not know that password, or did not create the account, choose a new one at:', forgotPasswordUrl]
    : ['To use it, sign in at:', signInUrl, '', 'Forgotten your password? Choose a new one at:', forgotPasswordUrl];
  return {
    subject: code ? `Confirm your ${appName} account` : `Someone tried to sign up to ${appName} with your email address`,
    text: [
      `Hi ${firstName},`,
      '',
      intro,
      '',
      ...(code ? [`It is waiting for its email address to be confirmed. Your verification code is: ${code}`, '', 'It expires in 10 minutes.', ''] : []),
      ...passwordHint,
      '',
      'If this was not you, nobody got into your account and nothing has changed: you can ignore this email.',
    ].join('\n'),
    html: layout(
      appName,
      `<p>Hi ${escapeHtml(firstName)},</p>
<p>Someone (perhaps you) tried to create a new ${escapeHtml(appName)} account with this email address, which already belongs to an account: <strong>${escapeHtml(username)}</strong>.</p>
${
  code
    ? `<p>It is waiting for its email address to be confirmed. Your verification code is:</p>
<p style="font-size:32px;font-weight:bold;letter-spacing:6px;margin:16px 0">${code}</p>
<p>It expires in 10 minutes.</p>
<p>The account signs in with the password chosen when it was created. If you do not know that password, or did not create the account, <a href="${escapeHtml(forgotPasswordUrl)}">choose a new one</a>.</p>`
    : `<p><a href="${escapeHtml(signInUrl)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">Sign in</a></p>
<p>Forgotten your password? <a href="${escapeHtml(forgotPasswordUrl)}">Choose a new one</a>.</p>`
}
<p>If this was not you, nobody got into your account and nothing has changed: you can ignore this email.</p>`,
    ),
  };
}

/** Once per lockout: sign-ins to the account are paused after too many wrong passwords. */
export function accountLockedMail(opts: { appName: string; firstName: string; failures: number; minutes: number; link: string }): MailContent {
  const { appName, firstName, failures, minutes, link } = opts;
  return {
    subject: `Sign-ins to your ${appName} account are paused`,
    text: [
      `Hi ${firstName},`,
      '',
      `Someone tried to sign in to your ${appName} account with a wrong password ${failures} times, so we have paused sign-ins to it for ${minutes} minutes. Nobody got in.`,
      '',
      'If it was you, you can wait and try again, or choose a new password now with this link (choosing one ends the pause at once):',
      '',
      link,
      '',
      'The link works once and expires in 30 minutes.',
      '',
      'If it was not you, someone may be guessing your password: a new one that you use nowhere else keeps them out.',
    ].join('\n'),
    html: layout(
      appName,
      `<p>Hi ${escapeHtml(firstName)},</p>
<p>Someone tried to sign in to your ${escapeHtml(appName)} account with a wrong password ${failures} times, so we have paused sign-ins to it for ${minutes} minutes. Nobody got in.</p>
<p>If it was you, you can wait and try again, or choose a new password now (choosing one ends the pause at once):</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">Choose a new password</a></p>
<p style="font-size:13px;color:#4b5563">Or paste this link into your browser:<br>${escapeHtml(link)}</p>
<p>The link works once and expires in 30 minutes.</p>
<p>If it was not you, someone may be guessing your password: a new one that you use nowhere else keeps them out.</p>`,
    ),
  };
}

// ---------------------------------------------------------------------------------------------
// Notification mails (issue 16): what a member missed while away, and the weekly digest. Every one
// carries, per kind, a link that stops that kind's mails, and a link to the preferences page.

export type NotificationMailKind = 'chat' | 'replies' | 'mentions' | 'followed' | 'alerts';

/** One line of a notification mail: what happened, an excerpt, and where it is. */
export type NotificationMailItem = { title: string; excerpt: string; url: string };

export type NotificationMailSection = {
  kind: NotificationMailKind;
  /** How many new of this kind, listed or not (the subject's count). */
  count: number;
  items: NotificationMailItem[];
  /** Items not listed ("and 3 more"): for chat, conversations; else as `count` counts. */
  more: number;
  unsubscribeUrl: string;
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const KIND_COUNT: Record<NotificationMailKind, (n: number) => string> = {
  chat: (n) => plural(n, 'new message', 'new messages'),
  replies: (n) => plural(n, 'reply', 'replies'),
  mentions: (n) => plural(n, 'mention', 'mentions'),
  followed: (n) => plural(n, 'update on what you follow', 'updates on what you follow'),
  alerts: (n) => plural(n, 'local alert', 'local alerts'),
};

const KIND_HEADING: Record<NotificationMailKind, string> = {
  chat: 'Messages',
  replies: 'Replies',
  mentions: 'Mentions',
  followed: 'Posts you follow',
  alerts: 'Local alerts',
};

const KIND_STOP: Record<NotificationMailKind, string> = {
  chat: 'Stop emails about chat messages',
  replies: 'Stop emails about replies',
  mentions: 'Stop emails about mentions',
  followed: 'Stop emails about posts, categories, tags and areas you follow',
  alerts: 'Stop emails about local alerts',
};

const smallLink = (url: string, label: string) =>
  `<a href="${escapeHtml(url)}" style="color:#1d4ed8">${escapeHtml(label)}</a>`;

/** "You have 2 new messages and 3 replies on Kerbside": one mail for whatever a member missed. */
export function notificationMail(opts: {
  appName: string;
  firstName: string;
  sections: NotificationMailSection[];
  preferencesUrl: string;
}): MailContent {
  const { appName, firstName, sections, preferencesUrl } = opts;
  const summary = wordList(sections.map((s) => KIND_COUNT[s.kind](s.count)));
  const text = [`Hi ${firstName},`, '', `You have ${summary} on ${appName} since you were last there.`];
  for (const s of sections) {
    text.push('', `${KIND_HEADING[s.kind]}:`);
    for (const item of s.items) text.push(`- ${item.title}${item.excerpt ? `: "${item.excerpt}"` : ''}`, `  ${item.url}`);
    if (s.more > 0) text.push(`- and ${s.more} more`);
    text.push(`${KIND_STOP[s.kind]}: ${s.unsubscribeUrl}`);
  }
  text.push('', `Choose which emails you get: ${preferencesUrl}`);
  const html = sections
    .map(
      (s) => `<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(KIND_HEADING[s.kind])}</h2>
<ul style="padding-left:20px;margin:0">
${s.items
  .map(
    (item) =>
      `<li style="margin:0 0 8px"><a href="${escapeHtml(item.url)}" style="color:#1d4ed8">${escapeHtml(item.title)}</a>${item.excerpt ? `<br><span style="color:#4b5563">${escapeHtml(item.excerpt)}</span>` : ''}</li>`,
  )
  .join('\n')}${s.more > 0 ? `\n<li>and ${s.more} more</li>` : ''}
</ul>
<p style="font-size:12px;margin:4px 0 0">${smallLink(s.unsubscribeUrl, KIND_STOP[s.kind])}</p>`,
    )
    .join('\n');
  return {
    subject: `You have ${summary} on ${appName}`,
    text: text.join('\n'),
    html: layout(
      appName,
      `<p>Hi ${escapeHtml(firstName)},</p>
<p>You have ${escapeHtml(summary)} on ${escapeHtml(appName)} since you were last there.</p>
${html}`,
      `You get these emails because you are a member of ${escapeHtml(appName)} and were away. ${smallLink(preferencesUrl, 'Choose which emails you get')}.`,
    ),
  };
}

/** One post of the weekly digest. */
export type DigestPost = { title: string; category: string; excerpt: string; url: string; comments: number; upvotes: number };

/** The weekly digest: the most popular posts of the week in the categories a member follows. */
export function digestMail(opts: { appName: string; firstName: string; posts: DigestPost[]; unsubscribeUrl: string; preferencesUrl: string }): MailContent {
  const { appName, firstName, posts, unsubscribeUrl, preferencesUrl } = opts;
  const stats = (p: DigestPost) => `${plural(p.upvotes, 'upvote', 'upvotes')}, ${plural(p.comments, 'comment', 'comments')}`;
  return {
    subject: `This week on ${appName}: ${posts[0]?.title ?? ''}${posts.length > 1 ? ` and ${plural(posts.length - 1, 'more post', 'more posts')}` : ''}`,
    text: [
      `Hi ${firstName},`,
      '',
      `The most popular posts of the week in the categories you follow on ${appName}:`,
      ...posts.flatMap((p, i) => ['', `${i + 1}. ${p.title} (${p.category}; ${stats(p)})`, ...(p.excerpt ? [`   ${p.excerpt}`] : []), `   ${p.url}`]),
      '',
      `Stop the weekly digest: ${unsubscribeUrl}`,
      `Choose which emails you get: ${preferencesUrl}`,
    ].join('\n'),
    html: layout(
      appName,
      `<p>Hi ${escapeHtml(firstName)},</p>
<p>The most popular posts of the week in the categories you follow on ${escapeHtml(appName)}:</p>
<ol style="padding-left:20px">
${posts
  .map(
    (p) =>
      `<li style="margin:0 0 12px"><a href="${escapeHtml(p.url)}" style="color:#1d4ed8;font-weight:bold">${escapeHtml(p.title)}</a><br><span style="color:#6b7280;font-size:13px">${escapeHtml(p.category)} · ${escapeHtml(stats(p))}</span>${p.excerpt ? `<br>${escapeHtml(p.excerpt)}` : ''}</li>`,
  )
  .join('\n')}
</ol>`,
      `You get this digest because you switched it on. ${smallLink(unsubscribeUrl, 'Stop the weekly digest')} · ${smallLink(preferencesUrl, 'Choose which emails you get')}.`,
    ),
  };
}
