// Mails of the support desk: the confirmation to the sender and an admin's reply. Plain text first,
// with a simple HTML twin (the sender's words, in a reply only, are escaped, never rendered as markup).
export type MailContent = { subject: string; text: string; html: string };

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const paragraphs = (s: string) =>
  s
    .split(/\n{2,}/)
    .map((p) => `<p style="white-space:pre-wrap;margin:0 0 12px">${escapeHtml(p)}</p>`)
    .join('\n');

function layout(appName: string, body: string) {
  return `<!doctype html><html lang="en-GB"><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<p style="font-size:20px;font-weight:bold;margin:0 0 16px">${escapeHtml(appName)}</p>
${body}
</body></html>`;
}

const quote = (s: string) =>
  `<blockquote style="border-left:4px solid #d1d5db;margin:12px 0;padding:4px 12px;color:#374151">${paragraphs(s)}</blockquote>`;

/**
 * The automatic confirmation. It goes to whatever address was typed into the form, so it carries only
 * the ticket number and our own words: nothing the sender wrote (not even their name), or the form
 * would relay a stranger's text, links included, to anyone under our name.
 */
export function supportReceivedMail(opts: { appName: string; supportUrl: string; ticketId: number }): MailContent {
  const { appName, supportUrl, ticketId } = opts;
  return {
    subject: `We've received your message (ticket #${ticketId})`,
    text: [
      'Hello,',
      '',
      `Thanks for contacting ${appName}. We've received your message and will reply to this address, usually within two working days.`,
      '',
      `Your ticket number is #${ticketId}. If you write to us again about this, please mention it.`,
      '',
      `If you did not contact us, someone may have typed your address by mistake: you can ignore this email. ${supportUrl}`,
    ].join('\n'),
    html: layout(
      appName,
      `<p>Hello,</p>
<p>Thanks for contacting ${escapeHtml(appName)}. We've received your message and will reply to this address, usually within two working days.</p>
<p>Your ticket number is <strong>#${ticketId}</strong>. If you write to us again about this, please mention it.</p>
<p style="color:#6b7280;font-size:12px;margin-top:32px">If you did not contact us, someone may have typed your address by mistake: you can ignore this email. <a href="${escapeHtml(supportUrl)}">${escapeHtml(supportUrl)}</a></p>`,
    ),
  };
}

export function supportReplyMail(opts: { appName: string; supportUrl: string; ticketId: number; name: string; subject: string; reply: string; message: string }): MailContent {
  const { appName, supportUrl, ticketId, name, subject, reply, message } = opts;
  return {
    subject: `Re: ${subject} (ticket #${ticketId})`,
    text: [
      `Hi ${name},`,
      '',
      reply,
      '',
      `— The ${appName} team`,
      '',
      `Need anything else about this? Send us a message at ${supportUrl} and mention ticket #${ticketId}.`,
      '',
      'Your original message:',
      '',
      message,
    ].join('\n'),
    html: layout(
      appName,
      `<p>Hi ${escapeHtml(name)},</p>
${paragraphs(reply)}
<p>— The ${escapeHtml(appName)} team</p>
<p style="font-size:13px;color:#4b5563">Need anything else about this? <a href="${escapeHtml(supportUrl)}">Send us a message</a> and mention ticket #${ticketId}.</p>
<p style="font-size:13px;color:#4b5563;margin-bottom:4px">Your original message:</p>
${quote(message)}`,
    ),
  };
}
