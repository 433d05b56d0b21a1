import { and, asc, count, desc, eq, gt, isNull, isNotNull, sql, type SQL } from 'drizzle-orm';
import { avatarLabel } from '../../../common/avatars.ts';
import type { TAnnouncement, TAnnouncementCreate, TAnnouncementPreview } from '../../../common/contracts/admin-emails.ts';
import { EMAILS_MSG } from '../../../common/rules/admin-emails.ts';
import { recordAudit } from '../../audit/index.ts';
import type { Config } from '../../config.ts';
import type { Core } from '../../core.ts';
import type { Db } from '../../db/client.ts';
import { resolvePreferences } from '../../../common/rules/notification-preferences.ts';
import { announcements, emails, notificationPreferences, users } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../http-errors.ts';
import { makeExcerpt, renderMarkdown } from '../../lib/markdown.ts';
import { emailSwitchOn, signUnsubscribeToken, unsubscribeHeaders, unsubscribeSecret, unsubscribeToken, unsubscribeUrl } from '../notification-mail/index.ts';
import type { PushMessage, SendToDevices } from '../push/index.ts';

/** Recipients per batch, and one batch per interval across every process (a scheduled job): a bounded rate. */
export const ANNOUNCEMENT_BATCH_SIZE = 50;
export const ANNOUNCEMENT_INTERVAL_MS = 10_000;
export const ANNOUNCEMENT_MAIL_KIND = 'announcement';
/** Characters of the announcement's text a push notification shows; the mail has it all. */
export const ANNOUNCEMENT_PUSH_BODY_MAX = 200;


type AnnouncementRow = typeof announcements.$inferSelect;

// ---------------------------------------------------------------------------------------------
// The mail

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** One recipient's mail; the body's markdown is rendered (and sanitised) once per batch by the caller. */
export function announcementMail(opts: { appName: string; subject: string; bodyHtml: string; bodyText: string; firstName: string; unsubscribeUrl: string }) {
  const { appName, subject, bodyHtml, bodyText, firstName, unsubscribeUrl: link } = opts;
  return {
    subject,
    text: [
      `Hi ${firstName},`,
      '',
      bodyText,
      '',
      `— The ${appName} team`,
      '',
      `You get this because you are a member of ${appName}. To stop receiving announcements, open: ${link}`,
    ].join('\n'),
    html: `<!doctype html><html lang="en-GB"><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5;max-width:600px;margin:0 auto;padding:24px">
<p style="font-size:20px;font-weight:bold;margin:0 0 16px">${escapeHtml(appName)}</p>
<p>Hi ${escapeHtml(firstName)},</p>
${bodyHtml}
<p>— The ${escapeHtml(appName)} team</p>
<p style="color:#6b7280;font-size:12px;margin-top:32px">You get this because you are a member of ${escapeHtml(appName)}. <a href="${escapeHtml(link)}" style="color:#4b5563">Unsubscribe from announcements</a>.</p>
</body></html>`,
  };
}

// ---------------------------------------------------------------------------------------------
// Audience

/**
 * Who an announcement is for: verified, live, not suspended, and of the role if one is set. Each is
 * mailed if their announcements email switch is on and pushed if the push one is
 * (notification_preferences).
 */
function audienceWhere(audience: string, afterUserId = 0): SQL {
  const parts: SQL[] = [isNotNull(users.emailVerifiedAt), isNull(users.deletedAt), isNull(users.suspendedAt), gt(users.id, afterUserId)];
  if (audience !== 'all') parts.push(eq(users.avatar, audience));
  return and(...parts)!;
}

/** Of the audience, those whose announcements email switch is on: how many the mail reaches. */
const mailedWhere = (audience: string, afterUserId = 0): SQL =>
  and(
    audienceWhere(audience, afterUserId),
    emailSwitchOn(sql`(select np.settings from notification_preferences np where np.user_id = ${users.id})`, 'announcements'),
  )!;

async function recipientCount(db: Db, audience: string, afterUserId = 0): Promise<number> {
  const [r] = await db.select({ n: count() }).from(users).where(mailedWhere(audience, afterUserId));
  return Number(r.n);
}

// ---------------------------------------------------------------------------------------------
// Admin actions

const audienceLabelOf = (audience: string) => (audience === 'all' ? 'All verified members' : avatarLabel(audience));

function present(a: AnnouncementRow, createdBy: string | null): TAnnouncement {
  return {
    id: a.id,
    subject: a.subject,
    body: a.body,
    audience: a.audience,
    audienceLabel: audienceLabelOf(a.audience),
    status: a.status,
    sentCount: a.sentCount,
    createdBy,
    createdAt: a.createdAt.toISOString(),
    startedAt: a.startedAt ? a.startedAt.toISOString() : null,
    finishedAt: a.finishedAt ? a.finishedAt.toISOString() : null,
  };
}

async function listAnnouncements(db: Db): Promise<TAnnouncement[]> {
  const rows = await db
    .select({ a: announcements, username: users.username })
    .from(announcements)
    .leftJoin(users, eq(users.id, announcements.createdBy))
    .orderBy(desc(announcements.id))
    .limit(100);
  return rows.map((r) => present(r.a, r.username));
}

async function getAnnouncement(db: Db, id: number): Promise<TAnnouncement> {
  const [r] = await db
    .select({ a: announcements, username: users.username })
    .from(announcements)
    .leftJoin(users, eq(users.id, announcements.createdBy))
    .where(eq(announcements.id, id))
    .limit(1);
  if (!r) throw notFound(EMAILS_MSG.announcementNotFound);
  return present(r.a, r.username);
}

async function createAnnouncement(db: Db, adminId: number, input: TAnnouncementCreate): Promise<TAnnouncement> {
  const id = await db.transaction(async (tx) => {
    const [row] = await tx.insert(announcements).values({ ...input, createdBy: adminId }).returning({ id: announcements.id });
    await recordAudit(tx, { actorId: adminId, action: 'announcement.create', targetType: 'announcement', targetId: row.id, details: { subject: input.subject, audience: input.audience } });
    return row.id;
  });
  return getAnnouncement(db, id);
}

/** The mail as the admin (standing in for a recipient) would get it, and how many would get it now. */
async function previewAnnouncement(db: Db, config: Config, id: number, admin: { id: number; firstName: string }): Promise<TAnnouncementPreview> {
  const a = await getAnnouncement(db, id);
  const mail = announcementMail({
    appName: config.appName,
    subject: a.subject,
    bodyHtml: renderMarkdown(a.body),
    bodyText: a.body,
    firstName: admin.firstName,
    unsubscribeUrl: unsubscribeUrl(config, await unsubscribeToken(db, admin.id, ['announcements'])),
  });
  return { ...mail, recipientCount: a.status === 'draft' ? await recipientCount(db, a.audience) : a.sentCount };
}

/** Draft → sending; the sender's scheduled job does the rest in batches. */
async function startAnnouncement(db: Db, adminId: number, id: number, now: Date): Promise<TAnnouncement> {
  await db.transaction(async (tx) => {
    const [a] = await tx.select().from(announcements).where(eq(announcements.id, id)).for('update');
    if (!a) throw notFound(EMAILS_MSG.announcementNotFound);
    if (a.status !== 'draft') throw conflict(EMAILS_MSG.notDraft);
    const n = await recipientCount(tx as unknown as Db, a.audience);
    if (n === 0) throw badRequest(EMAILS_MSG.noRecipients);
    await tx.update(announcements).set({ status: 'sending', startedAt: now, lastUserId: 0, sentCount: 0 }).where(eq(announcements.id, id));
    await recordAudit(tx, { actorId: adminId, action: 'announcement.send', targetType: 'announcement', targetId: id, details: { audience: a.audience, recipients: n } });
  });
  return getAnnouncement(db, id);
}

// ---------------------------------------------------------------------------------------------
// The sender

export type BatchResult = { announcementId: number; enqueued: number; done: boolean };

/**
 * The push notification of an announcement: its subject and the start of its text. There is no page
 * of announcements (the mail is the whole of it), so it opens the member's home page.
 */
export function announcementPush(a: { id: number; subject: string; body: string }): PushMessage {
  return { title: a.subject, body: makeExcerpt(a.body, ANNOUNCEMENT_PUSH_BODY_MAX), url: '/', tag: `announcement:${a.id}` };
}

/**
 * One batch of the oldest announcement being sent: up to `batchSize` members of its audience after its
 * cursor, each mailed (an outbox row) if their announcements email switch is on; the cursor and the
 * count of mails move in the same transaction, so a restart carries on where
 * it stopped and no member gets it twice. The announcement row is claimed FOR UPDATE SKIP LOCKED: two
 * batches never work the same one at once. After the commit, the batch's members whose
 * announcements push switch is on, other than the admin who wrote it, get a push notification on their
 * devices (`sendToDevices`), once each. Returns null when there was nothing to do.
 */
export async function runAnnouncementBatch(
  deps: Pick<Core, 'db' | 'config' | 'mailer' | 'clock'> & { batchSize?: number; sendToDevices?: SendToDevices },
): Promise<BatchResult | null> {
  const { db, config, mailer, clock } = deps;
  const batchSize = deps.batchSize ?? ANNOUNCEMENT_BATCH_SIZE;
  const secret = await unsubscribeSecret(db);
  const result = await db.transaction(async (tx) => {
    const [a] = await tx
      .select()
      .from(announcements)
      .where(eq(announcements.status, 'sending'))
      .orderBy(asc(announcements.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!a) return null;
    const recipients = await tx
      .select({ id: users.id, email: users.email, firstName: users.firstName, settings: notificationPreferences.settings })
      .from(users)
      .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
      .where(audienceWhere(a.audience, a.lastUserId))
      .orderBy(asc(users.id))
      .limit(batchSize);
    const now = clock.now();
    // Each member's switches: mailed, pushed, both or neither.
    const switches = recipients.map((r) => ({ ...r, on: resolvePreferences(r.settings).announcements }));
    const mailed = switches.filter((r) => r.on.email);
    if (mailed.length) {
      const bodyHtml = renderMarkdown(a.body);
      await tx.insert(emails).values(
        mailed.map((r) => {
          const link = unsubscribeUrl(config, signUnsubscribeToken(secret, r.id, ['announcements']));
          return {
            to: r.email.toLowerCase(),
            kind: ANNOUNCEMENT_MAIL_KIND,
            nextAttemptAt: now,
            headers: unsubscribeHeaders(link),
            ...announcementMail({ appName: config.appName, subject: a.subject, bodyHtml, bodyText: a.body, firstName: r.firstName, unsubscribeUrl: link }),
          };
        }),
      );
    }
    const pushed = switches.filter((r) => r.on.push && r.id !== a.createdBy).map((r) => r.id);
    // Queued with this batch: sent once it commits, and not lost if the process stops after.
    if (deps.sendToDevices) for (const userId of pushed) await deps.sendToDevices(userId, announcementPush(a), {}, tx);
    const done = recipients.length < batchSize;
    await tx
      .update(announcements)
      .set({
        lastUserId: recipients.length ? recipients[recipients.length - 1].id : a.lastUserId,
        sentCount: a.sentCount + mailed.length,
        ...(done ? { status: 'sent' as const, finishedAt: now } : {}),
      })
      .where(eq(announcements.id, a.id));
    return { announcementId: a.id, enqueued: mailed.length, done };
  });
  if (result?.enqueued) await mailer.deliverDue();
  return result;
}

/**
 * Announcements: buildApp creates it once from the core, with the push service's sendToUser for the
 * members' devices. Their unsubscribe link is the notification mail's (notification-mail/). The sender
 * is a scheduled job of the runner: a batch of the oldest announcement being sent every
 * ANNOUNCEMENT_INTERVAL_MS, in one process each time (tests run batches with runAnnouncementBatch).
 */
export function createAnnouncementService(core: Pick<Core, 'db' | 'config' | 'mailer' | 'clock' | 'log' | 'jobs'> & { sendToDevices?: SendToDevices }) {
  const { db, config, clock, log, jobs } = core;
  jobs.every('announcements.send', { everyMs: ANNOUNCEMENT_INTERVAL_MS }, async () => {
    const r = await runAnnouncementBatch(core);
    if (r) log.info({ announcementId: r.announcementId, enqueued: r.enqueued, done: r.done }, 'announcement batch queued');
  });
  return {
    list: () => listAnnouncements(db),
    create: (adminId: number, input: TAnnouncementCreate) => createAnnouncement(db, adminId, input),
    preview: (id: number, admin: { id: number; firstName: string }) => previewAnnouncement(db, config, id, admin),
    start: (adminId: number, id: number) => startAnnouncement(db, adminId, id, clock.now()),
  };
}
export type AnnouncementService = ReturnType<typeof createAnnouncementService>;
